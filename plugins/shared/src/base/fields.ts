import type { BaseAdapter, FieldMeta, FieldTypeId } from './types.ts';

/** Where a plugin writes one kind of value: an existing field, a field to create, or nowhere. */
export type FieldChoice = { kind: 'existing'; fieldId: string } | { kind: 'create'; name: string } | { kind: 'none' };

export interface FieldSpec {
  choice: FieldChoice;
  /** The type a created field gets (FieldType). */
  type: FieldTypeId;
  property?: Record<string, unknown>;
}

/** The default choice: the table's field with one of these names, else a new field with the first. */
export function defaultChoice(fields: FieldMeta[], names: string[]): FieldChoice {
  const found = fields.find((f) => names.includes(f.name));
  return found ? { kind: 'existing', fieldId: found.id } : { kind: 'create', name: names[0] ?? '' };
}

/**
 * Resolves every spec to a field of the table, creating the missing ones with their types. A field
 * to create whose name exists already is reused (a second import finds the fields of the first).
 */
export async function ensureFields<K extends string>(
  base: BaseAdapter,
  tableId: string,
  specs: Record<K, FieldSpec>,
): Promise<Record<K, FieldMeta | null>> {
  let fields = await base.fields(tableId);
  const out = {} as Record<K, FieldMeta | null>;
  for (const key of Object.keys(specs) as K[]) {
    const { choice, type, property } = specs[key];
    if (choice.kind === 'none') {
      out[key] = null;
      continue;
    }
    if (choice.kind === 'existing') {
      const field = fields.find((f) => f.id === choice.fieldId);
      if (!field) throw new Error(`field not found error: ${choice.fieldId}`);
      out[key] = field;
      continue;
    }
    const name = choice.name.trim();
    let field = fields.find((f) => f.name === name);
    if (!field) {
      const id = await base.addField(tableId, { name, type, ...(property ? { property } : {}) });
      fields = await base.fields(tableId);
      field = fields.find((f) => f.id === id) ?? { id, name, type };
    }
    out[key] = field;
  }
  return out;
}

/** Every record of a table, page by page (the host answers at most 200 a page). */
export async function allRecords(base: BaseAdapter, tableId: string, pageSize = 200) {
  const records = [];
  let pageToken: string | number | undefined;
  for (;;) {
    const page = await base.recordsPage(tableId, { pageSize, pageToken });
    records.push(...page.records);
    if (!page.hasMore || page.pageToken === undefined) return records;
    pageToken = page.pageToken;
  }
}
