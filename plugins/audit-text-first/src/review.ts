import {
  type BaseAdapter,
  type BaseRecord,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  type Fields,
  FieldType,
  valueForField,
} from '@productimage/plugin-shared';

export type Decision = 'approved' | 'rejected';
export type ReviewStatus = Decision | 'pending';

/** The words written into the status field, in the Base's language. */
export type StatusLabels = Record<ReviewStatus, string>;

export interface ReviewChoices {
  text: FieldChoice;
  status: FieldChoice;
  reviewer: FieldChoice;
  time: FieldChoice;
  comment: FieldChoice;
}

export interface ReviewFields {
  text: FieldMeta;
  status: FieldMeta;
  reviewer: FieldMeta | null;
  time: FieldMeta | null;
  comment: FieldMeta | null;
}

/** Field types that can hold each value (the field pickers offer only these). */
export const REVIEW_TYPES = {
  text: [FieldType.Text],
  status: [FieldType.SingleSelect, FieldType.Text],
  reviewer: [FieldType.Text],
  time: [FieldType.DateTime],
  comment: [FieldType.Text],
} as const;

export class ReviewFieldError extends Error {
  constructor(
    readonly key: 'audit.noOption' | 'audit.wrongType',
    readonly params: Record<string, string>,
  ) {
    super(key);
  }
}

/**
 * Resolves the chosen fields, creating the missing ones: the status as a single select with the
 * three statuses as options, the reviewer and comment as text, the time as a date.
 */
export async function prepareReviewFields(
  base: BaseAdapter,
  tableId: string,
  choices: ReviewChoices,
  labels: StatusLabels,
): Promise<ReviewFields> {
  if (choices.text.kind !== 'existing') throw new ReviewFieldError('audit.wrongType', { field: '', what: 'text' });
  const fields = await ensureFields(base, tableId, {
    text: { choice: choices.text, type: FieldType.Text },
    status: {
      choice: choices.status,
      type: FieldType.SingleSelect,
      property: { options: [{ name: labels.pending }, { name: labels.approved }, { name: labels.rejected }] },
    },
    reviewer: { choice: choices.reviewer, type: FieldType.Text },
    time: { choice: choices.time, type: FieldType.DateTime, property: { dateFormat: 'yyyy/MM/dd HH:mm' } },
    comment: { choice: choices.comment, type: FieldType.Text },
  });
  if (!fields.text || !fields.status) throw new ReviewFieldError('audit.wrongType', { field: '', what: 'status' });
  for (const key of ['status', 'reviewer', 'time', 'comment'] as const) {
    const field = fields[key];
    if (field && !(REVIEW_TYPES[key] as readonly number[]).includes(field.type))
      throw new ReviewFieldError('audit.wrongType', { field: field.name, what: key });
  }
  return fields as ReviewFields;
}

/** The text under review of a record. */
export const reviewText = (record: BaseRecord, fields: Pick<ReviewFields, 'text'>) => cellText(record.fields[fields.text.id]);

/** The status a record has now, read back from its status cell. */
export function reviewStatus(record: BaseRecord, status: FieldMeta | null, labels: StatusLabels): ReviewStatus {
  if (!status) return 'pending';
  const text = cellText(record.fields[status.id]);
  if (text === labels.approved) return 'approved';
  if (text === labels.rejected) return 'rejected';
  return 'pending';
}

/** Writes a decision into the record: status, reviewer, time and comment in one change. */
export async function writeDecision(
  base: BaseAdapter,
  tableId: string,
  recordId: string,
  fields: ReviewFields,
  input: { decision: Decision; comment: string; reviewer: string; labels: StatusLabels; now?: number },
): Promise<void> {
  const label = input.labels[input.decision];
  const status = valueForField(fields.status, label);
  if (status === undefined) throw new ReviewFieldError('audit.noOption', { field: fields.status.name, option: label });
  const cells: Fields = { [fields.status.id]: status };
  if (fields.reviewer) cells[fields.reviewer.id] = valueForField(fields.reviewer, input.reviewer) ?? null;
  if (fields.time) cells[fields.time.id] = input.now ?? Date.now();
  if (fields.comment) cells[fields.comment.id] = valueForField(fields.comment, input.comment.trim()) ?? null;
  await base.setRecords(tableId, [{ recordId, fields: cells }]);
}
