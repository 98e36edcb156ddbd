import {
  allRecords,
  type BaseAdapter,
  type BaseRecord,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  type Fields,
  FieldType,
  textCell,
  urlCell,
} from '@productimage/plugin-shared';

/** One synced column: its key on the product side, the field type it gets when created. */
export interface SyncColumn {
  key: string;
  /** Created as a URL field (else text); either kind of field may be chosen. */
  url?: boolean;
  /** The first column names the item and is required. */
  required?: boolean;
}

/** The synced values of one item: plain text per column (lists as "a, b"). */
export type SyncValues = Record<string, string>;

/** An item of the product side (a note, a task), as the sync sees it. */
export interface ProductItem {
  id: string;
  values: SyncValues;
  updatedAt: number;
}

/** The product side of a sync (the note base, the task list; tests pass a memory one). */
export interface ItemStore {
  columns: SyncColumn[];
  list(): Promise<ProductItem[]>;
  create(values: SyncValues): Promise<ProductItem>;
  update(id: string, values: SyncValues): Promise<ProductItem>;
  remove(id: string): Promise<void>;
}

export type SyncMapping = Record<string, FieldChoice>;

/** What the last sync left on both sides of one pair, kept in the Base (bridge data). */
export interface PairState {
  itemId: string;
  /** The values both sides had after the last sync. */
  values: SyncValues;
}
export interface SyncState {
  pairs: Record<string, PairState>;
}
/** Where the pairs of a table with one product side are kept (one per side kind). */
export const stateKey = (tableId: string, side: string) => `data-sync:${tableId}:${side}`;

/** Both sides changed since the last sync: the user decides; the newer side is suggested. */
export interface Conflict {
  recordId: string;
  itemId: string;
  table: SyncValues;
  product: SyncValues;
  tableModifiedAt: number;
  productModifiedAt: number;
  /** Last writer by modified time. */
  suggested: 'table' | 'product';
}
/** A pair whose one side is gone: deleting the other side waits for the user. */
export interface PendingDelete {
  side: 'table' | 'product';
  /** The record or item that still exists (and would be deleted). */
  recordId?: string;
  itemId?: string;
  title: string;
}

export interface SyncReport {
  toProduct: number;
  toTable: number;
  created: { items: number; records: number };
  conflicts: Conflict[];
  pendingDeletes: PendingDelete[];
  /** Rows the product refused (e.g. a value it does not accept): the rest of the sync went on. */
  errors: Array<{ recordId: string; title: string; error: unknown }>;
}

export interface SyncFields {
  columns: Record<string, FieldMeta | null>;
  /** The product item's id in the row. */
  id: FieldMeta;
  /** Base's own modified-time field (the table side's clock). */
  modified: FieldMeta;
}

/** Creates the missing fields: the mapped ones, the item id and a modified-time field Base keeps. */
export async function prepareSyncFields(
  base: BaseAdapter,
  tableId: string,
  store: Pick<ItemStore, 'columns'>,
  mapping: SyncMapping,
  names: { id: string; modified: string },
): Promise<SyncFields> {
  const specs: Record<string, { choice: FieldChoice; type: number }> = {};
  for (const c of store.columns)
    specs[`c:${c.key}`] = { choice: mapping[c.key] ?? { kind: 'none' }, type: c.url ? FieldType.Url : FieldType.Text };
  specs.id = { choice: { kind: 'create', name: names.id }, type: FieldType.Text };
  specs.modified = { choice: { kind: 'create', name: names.modified }, type: FieldType.ModifiedTime };
  const fields = await ensureFields(base, tableId, specs);
  const required = store.columns.find((c) => c.required);
  if (!fields.id || !fields.modified || (required && !fields[`c:${required.key}`]))
    throw new Error('the required fields are missing');
  return {
    columns: Object.fromEntries(store.columns.map((c) => [c.key, fields[`c:${c.key}`] ?? null])),
    id: fields.id,
    modified: fields.modified,
  };
}

const normalise = (v: SyncValues, columns: SyncColumn[]): SyncValues =>
  Object.fromEntries(columns.map((c) => [c.key, (v[c.key] ?? '').trim()]));
const same = (a: SyncValues, b: SyncValues, columns: SyncColumn[]) =>
  JSON.stringify(normalise(a, columns)) === JSON.stringify(normalise(b, columns));

/** The synced values of a record (unmapped columns read as empty). */
export function recordValues(record: BaseRecord, fields: SyncFields, columns: SyncColumn[]): SyncValues {
  return normalise(
    Object.fromEntries(
      columns.map((c) => [c.key, fields.columns[c.key] ? cellText(record.fields[(fields.columns[c.key] as FieldMeta).id]) : '']),
    ),
    columns,
  );
}

/** The cells of a record for synced values (and the item id). */
export function recordCells(values: SyncValues, fields: SyncFields, id: string): Fields {
  const cells: Fields = { [fields.id.id]: textCell(id) };
  for (const [key, field] of Object.entries(fields.columns)) {
    if (!field) continue;
    const text = values[key] ?? '';
    cells[field.id] = field.type === FieldType.Url ? urlCell(text) : textCell(text);
  }
  return cells;
}

/** Everything a sync works on: the table, its fields, the product side and where pairs are kept. */
export interface SyncTarget {
  base: BaseAdapter;
  tableId: string;
  fields: SyncFields;
  store: ItemStore;
  /** The product side's kind ('notes', 'tasks'): pairs are kept per kind. */
  side: string;
}

const loadState = async (t: SyncTarget): Promise<SyncState> =>
  (await t.base.getData<SyncState>(stateKey(t.tableId, t.side))) ?? { pairs: {} };
const saveState = (t: SyncTarget, state: SyncState) => t.base.setData(stateKey(t.tableId, t.side), state);

/**
 * One sync of a table with the product side, both ways. Per pair (record ↔ item): a side that
 * changed since the last sync is copied to the other; when both changed the pair becomes a conflict
 * for the user (the newer side suggested). Unpaired records become items, unpaired items become
 * records. A pair whose record or item disappeared is listed for the user; nothing is deleted here.
 */
export async function syncTable(target: SyncTarget, options: { onlyRecords?: Set<string> } = {}): Promise<SyncReport> {
  const { base, tableId, fields, store } = target;
  const columns = store.columns;
  const titleKey = (columns.find((c) => c.required) ?? columns[0])?.key ?? '';
  const state = await loadState(target);
  const records = await allRecords(base, tableId);
  const items = await store.list();
  const itemsById = new Map(items.map((n) => [n.id, n]));
  const report: SyncReport = {
    toProduct: 0,
    toTable: 0,
    created: { items: 0, records: 0 },
    conflicts: [],
    pendingDeletes: [],
    errors: [],
  };
  const tableWrites: Array<{ recordId: string; fields: Fields }> = [];
  const pairedItems = new Set<string>();
  const seenRecords = new Set<string>();
  const valuesOf = (item: ProductItem) => normalise(item.values, columns);
  const targeted = Boolean(options.onlyRecords?.size);

  for (const record of records) {
    seenRecords.add(record.recordId);
    const values = recordValues(record, fields, columns);
    try {
      const itemId = cellText(record.fields[fields.id.id]).trim() || state.pairs[record.recordId]?.itemId || '';
      const previous = state.pairs[record.recordId];
      if (!itemId) {
        // A new row becomes an item (rows without a title are drafts and wait).
        if (!values[titleKey] || (targeted && !options.onlyRecords?.has(record.recordId))) continue;
        const created = await store.create(values);
        tableWrites.push({ recordId: record.recordId, fields: { [fields.id.id]: textCell(created.id) } });
        state.pairs[record.recordId] = { itemId: created.id, values: valuesOf(created) };
        pairedItems.add(created.id);
        report.created.items += 1;
        continue;
      }
      pairedItems.add(itemId);
      const item = itemsById.get(itemId);
      if (!item) {
        report.pendingDeletes.push({ side: 'table', recordId: record.recordId, itemId, title: values[titleKey] ?? '' });
        continue;
      }
      const before = previous?.values;
      const product = valuesOf(item);
      if (same(values, product, columns)) {
        state.pairs[record.recordId] = { itemId, values };
        continue;
      }
      const tableChanged = !before || !same(values, before, columns);
      const productChanged = !before || !same(product, before, columns);
      if (tableChanged && productChanged) {
        const tableModifiedAt = Number(record.fields[fields.modified.id] ?? 0);
        report.conflicts.push({
          recordId: record.recordId,
          itemId,
          table: values,
          product,
          tableModifiedAt,
          productModifiedAt: item.updatedAt,
          suggested: tableModifiedAt >= item.updatedAt ? 'table' : 'product',
        });
      } else if (tableChanged) {
        const updated = await store.update(itemId, values);
        state.pairs[record.recordId] = { itemId, values: valuesOf(updated) };
        report.toProduct += 1;
      } else {
        tableWrites.push({ recordId: record.recordId, fields: recordCells(product, fields, itemId) });
        state.pairs[record.recordId] = { itemId, values: product };
        report.toTable += 1;
      }
    } catch (error) {
      report.errors.push({ recordId: record.recordId, title: values[titleKey] ?? '', error });
    }
  }

  // Rows synced before that are gone: their items wait for the user's word.
  for (const [recordId, pair] of Object.entries(state.pairs)) {
    if (seenRecords.has(recordId)) continue;
    const item = itemsById.get(pair.itemId);
    if (item) {
      pairedItems.add(pair.itemId);
      report.pendingDeletes.push({ side: 'product', itemId: pair.itemId, title: item.values[titleKey] ?? '' });
    } else delete state.pairs[recordId];
  }

  // Items never synced become rows (a targeted sync after a table event leaves them for later).
  const newItems = targeted ? [] : items.filter((n) => !pairedItems.has(n.id));
  const ids = await base.addRecords(
    tableId,
    newItems.map((n) => recordCells(valuesOf(n), fields, n.id)),
  );
  newItems.forEach((n, i) => {
    if (ids[i]) state.pairs[ids[i] as string] = { itemId: n.id, values: valuesOf(n) };
  });
  report.created.records = ids.length;

  await base.setRecords(tableId, tableWrites);
  await saveState(target, state);
  return report;
}

/** The user's answer to a conflict: keep one side, copied over the other. */
export async function resolveConflict(target: SyncTarget, conflict: Conflict, keep: 'table' | 'product'): Promise<void> {
  const state = await loadState(target);
  let values: SyncValues;
  if (keep === 'table')
    values = normalise((await target.store.update(conflict.itemId, conflict.table)).values, target.store.columns);
  else {
    values = conflict.product;
    await target.base.setRecords(target.tableId, [
      { recordId: conflict.recordId, fields: recordCells(values, target.fields, conflict.itemId) },
    ]);
  }
  state.pairs[conflict.recordId] = { itemId: conflict.itemId, values };
  await saveState(target, state);
}

/** The user's answer to a pending delete: delete the remaining side too, or keep it unpaired. */
export async function resolveDelete(target: SyncTarget, pending: PendingDelete, remove: boolean): Promise<void> {
  const state = await loadState(target);
  if (pending.side === 'product' && pending.itemId) {
    if (remove) await target.store.remove(pending.itemId);
    for (const [recordId, pair] of Object.entries(state.pairs)) if (pair.itemId === pending.itemId) delete state.pairs[recordId];
  } else if (pending.side === 'table' && pending.recordId) {
    if (remove) await target.base.deleteRecords(target.tableId, [pending.recordId]);
    // Kept: the row loses its old id and becomes a new item at the next sync.
    else await target.base.setRecords(target.tableId, [{ recordId: pending.recordId, fields: { [target.fields.id.id]: null } }]);
    delete state.pairs[pending.recordId];
  }
  await saveState(target, state);
}
