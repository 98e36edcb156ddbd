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

/** The compliance engine's verdict on a row's text (POST /api/compliance/check). */
export interface Verdict {
  level: 'ok' | 'warn' | 'block';
  hits: Array<{ start: number; end: number; text: string; level: 'warn' | 'block'; reason: string; suggestion?: string }>;
}

/** What the compliance field of a row says: the level, then the flagged phrases. */
export function verdictLabel(verdict: Verdict, levels: Record<Verdict['level'], string>): string {
  if (verdict.level === 'ok') return levels.ok;
  return `${levels[verdict.level]}: ${[...new Set(verdict.hits.map((h) => h.text))].join(', ')}`;
}

/** How many rows are checked at once (one request each; the server answers in milliseconds). */
const CHECK_BATCH = 8;

/**
 * Checks every row's text with the compliance engine, in batches (rows without text are "ok"
 * without a request).
 */
export async function checkRows(
  records: BaseRecord[],
  textField: FieldMeta,
  check: (text: string) => Promise<Verdict>,
): Promise<Map<string, Verdict>> {
  const out = new Map<string, Verdict>();
  for (let i = 0; i < records.length; i += CHECK_BATCH) {
    const batch = records.slice(i, i + CHECK_BATCH);
    const verdicts = await Promise.all(
      batch.map((r) => {
        const text = reviewText(r, { text: textField });
        return text.trim() ? check(text) : Promise.resolve<Verdict>({ level: 'ok', hits: [] });
      }),
    );
    for (const [n, r] of batch.entries()) out.set(r.recordId, verdicts[n] as Verdict);
  }
  return out;
}

/**
 * Pre-marks each row: writes its verdict into the compliance field (a text field, created with
 * `name` when missing), so the table can be filtered by it before anyone reviews a row.
 */
export async function markRows(
  base: BaseAdapter,
  tableId: string,
  name: string,
  verdicts: Map<string, Verdict>,
  levels: Record<Verdict['level'], string>,
): Promise<FieldMeta> {
  const fields = await ensureFields(base, tableId, { compliance: { choice: { kind: 'create', name }, type: FieldType.Text } });
  const field = fields.compliance as FieldMeta;
  if (field.type !== FieldType.Text) throw new ReviewFieldError('audit.wrongType', { field: field.name, what: name });
  const rows = [...verdicts].map(([recordId, verdict]) => ({
    recordId,
    fields: { [field.id]: valueForField(field, verdictLabel(verdict, levels)) ?? null } as Fields,
  }));
  for (let i = 0; i < rows.length; i += 100) await base.setRecords(tableId, rows.slice(i, i + 100));
  return field;
}
