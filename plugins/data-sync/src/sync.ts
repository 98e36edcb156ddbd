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

/** The synced part of a note: what both sides can hold. */
export interface SyncValues {
  title: string;
  content: string;
  tags: string[];
  link: string;
}
/** A note of the product's note base, as the sync sees it. */
export interface ProductNote extends SyncValues {
  noteId: string;
  updatedAt: number;
}

/** The product side of a sync (the user's note base; tests pass a memory one). */
export interface NoteStore {
  list(): Promise<ProductNote[]>;
  create(values: SyncValues): Promise<ProductNote>;
  update(noteId: string, values: SyncValues): Promise<ProductNote>;
  remove(noteId: string): Promise<void>;
}

export const SYNC_KEYS = ['title', 'content', 'tags', 'link'] as const;
export type SyncKey = (typeof SYNC_KEYS)[number];
export type SyncMapping = Record<SyncKey, FieldChoice>;
export const SYNC_TYPES: Record<SyncKey, { create: number; accept: number[] }> = {
  title: { create: FieldType.Text, accept: [FieldType.Text] },
  content: { create: FieldType.Text, accept: [FieldType.Text] },
  tags: { create: FieldType.Text, accept: [FieldType.Text] },
  link: { create: FieldType.Url, accept: [FieldType.Url, FieldType.Text] },
};

/** What the last sync left on both sides of one pair, kept in the Base (bridge data). */
export interface PairState {
  noteId: string;
  /** The values both sides had after the last sync. */
  values: SyncValues;
}
export interface SyncState {
  pairs: Record<string, PairState>;
}
export const stateKey = (tableId: string) => `data-sync:${tableId}`;

/** Both sides changed since the last sync: the user decides; the newer side is suggested. */
export interface Conflict {
  recordId: string;
  noteId: string;
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
  /** The record or note that still exists (and would be deleted). */
  recordId?: string;
  noteId?: string;
  title: string;
}

export interface SyncReport {
  toProduct: number;
  toTable: number;
  created: { notes: number; records: number };
  conflicts: Conflict[];
  pendingDeletes: PendingDelete[];
}

export interface SyncFields {
  title: FieldMeta;
  content: FieldMeta | null;
  tags: FieldMeta | null;
  link: FieldMeta | null;
  noteId: FieldMeta;
  modified: FieldMeta;
}

/** Creates the missing fields: the mapped ones, the note id and a modified-time field Base keeps. */
export async function prepareSyncFields(
  base: BaseAdapter,
  tableId: string,
  mapping: SyncMapping,
  names: { noteId: string; modified: string },
): Promise<SyncFields> {
  const fields = await ensureFields(base, tableId, {
    title: { choice: mapping.title, type: SYNC_TYPES.title.create },
    content: { choice: mapping.content, type: SYNC_TYPES.content.create },
    tags: { choice: mapping.tags, type: SYNC_TYPES.tags.create },
    link: { choice: mapping.link, type: SYNC_TYPES.link.create },
    noteId: { choice: { kind: 'create', name: names.noteId }, type: FieldType.Text },
    modified: { choice: { kind: 'create', name: names.modified }, type: FieldType.ModifiedTime },
  });
  if (!fields.title || !fields.noteId || !fields.modified) throw new Error('title, note id and modified fields are needed');
  return fields as SyncFields;
}

const normalise = (v: SyncValues): SyncValues => ({
  title: v.title.trim(),
  content: v.content.trim(),
  tags: v.tags.map((t) => t.trim()).filter(Boolean),
  link: v.link.trim(),
});
const same = (a: SyncValues, b: SyncValues) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/** The synced values of a record. */
export function recordValues(record: BaseRecord, fields: SyncFields): SyncValues {
  const text = (f: FieldMeta | null) => (f ? cellText(record.fields[f.id]) : '');
  return normalise({
    title: text(fields.title),
    content: text(fields.content),
    tags: text(fields.tags)
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
    link: text(fields.link),
  });
}

/** The cells of a record for synced values (and the note id). */
export function recordCells(values: SyncValues, fields: SyncFields, noteId: string): Fields {
  const cells: Fields = { [fields.title.id]: textCell(values.title), [fields.noteId.id]: textCell(noteId) };
  if (fields.content) cells[fields.content.id] = textCell(values.content);
  if (fields.tags) cells[fields.tags.id] = textCell(values.tags.join(', '));
  if (fields.link) cells[fields.link.id] = fields.link.type === FieldType.Url ? urlCell(values.link) : textCell(values.link);
  return cells;
}

const valuesOf = (note: ProductNote): SyncValues => normalise(note);

/**
 * One sync of a table with the note base, both ways. Per pair (record ↔ note): a side that changed
 * since the last sync is copied to the other; when both changed the pair becomes a conflict for the
 * user (the newer side suggested). Unpaired records become notes, unpaired notes become records. A
 * pair whose record or note disappeared is listed for the user; nothing is deleted here.
 */
export async function syncTable(
  base: BaseAdapter,
  tableId: string,
  fields: SyncFields,
  store: NoteStore,
  options: { onlyRecords?: Set<string> } = {},
): Promise<SyncReport> {
  const state: SyncState = (await base.getData<SyncState>(stateKey(tableId))) ?? { pairs: {} };
  const records = await allRecords(base, tableId);
  const notes = await store.list();
  const notesById = new Map(notes.map((n) => [n.noteId, n]));
  const report: SyncReport = { toProduct: 0, toTable: 0, created: { notes: 0, records: 0 }, conflicts: [], pendingDeletes: [] };
  const tableWrites: Array<{ recordId: string; fields: Fields }> = [];
  const pairedNotes = new Set<string>();
  const seenRecords = new Set<string>();

  for (const record of records) {
    seenRecords.add(record.recordId);
    const values = recordValues(record, fields);
    const noteId = cellText(record.fields[fields.noteId.id]).trim() || state.pairs[record.recordId]?.noteId || '';
    const previous = state.pairs[record.recordId];
    if (!noteId) {
      // A new row: it becomes a note (rows without a title are drafts and wait).
      if (!values.title || (options.onlyRecords && !options.onlyRecords.has(record.recordId) && options.onlyRecords.size))
        continue;
      const created = await store.create(values);
      tableWrites.push({ recordId: record.recordId, fields: { [fields.noteId.id]: textCell(created.noteId) } });
      state.pairs[record.recordId] = { noteId: created.noteId, values: valuesOf(created) };
      pairedNotes.add(created.noteId);
      report.created.notes += 1;
      continue;
    }
    pairedNotes.add(noteId);
    const note = notesById.get(noteId);
    if (!note) {
      report.pendingDeletes.push({ side: 'table', recordId: record.recordId, noteId, title: values.title });
      continue;
    }
    const base0 = previous?.values;
    const tableChanged = !base0 || !same(values, base0);
    const productChanged = !base0 || !same(valuesOf(note), base0);
    if (same(values, valuesOf(note))) {
      state.pairs[record.recordId] = { noteId, values };
      continue;
    }
    if (tableChanged && productChanged) {
      const tableModifiedAt = Number(record.fields[fields.modified.id] ?? 0);
      report.conflicts.push({
        recordId: record.recordId,
        noteId,
        table: values,
        product: valuesOf(note),
        tableModifiedAt,
        productModifiedAt: note.updatedAt,
        suggested: tableModifiedAt >= note.updatedAt ? 'table' : 'product',
      });
      continue;
    }
    if (tableChanged) {
      const updated = await store.update(noteId, values);
      state.pairs[record.recordId] = { noteId, values: valuesOf(updated) };
      report.toProduct += 1;
    } else {
      tableWrites.push({ recordId: record.recordId, fields: recordCells(valuesOf(note), fields, noteId) });
      state.pairs[record.recordId] = { noteId, values: valuesOf(note) };
      report.toTable += 1;
    }
  }

  // Rows synced before that are gone: their notes wait for the user's word.
  for (const [recordId, pair] of Object.entries(state.pairs)) {
    if (seenRecords.has(recordId)) continue;
    const note = notesById.get(pair.noteId);
    if (note) {
      pairedNotes.add(pair.noteId);
      report.pendingDeletes.push({ side: 'product', noteId: pair.noteId, title: note.title });
    } else delete state.pairs[recordId];
  }

  // Notes never synced become rows (a targeted sync after a table event leaves them for later).
  const newNotes = options.onlyRecords?.size ? [] : notes.filter((n) => !pairedNotes.has(n.noteId));
  const ids = await base.addRecords(
    tableId,
    newNotes.map((n) => recordCells(valuesOf(n), fields, n.noteId)),
  );
  newNotes.forEach((n, i) => {
    if (ids[i]) state.pairs[ids[i] as string] = { noteId: n.noteId, values: valuesOf(n) };
  });
  report.created.records = ids.length;

  await base.setRecords(tableId, tableWrites);
  await base.setData(stateKey(tableId), state);
  return report;
}

/** The user's answer to a conflict: keep one side, copied over the other. */
export async function resolveConflict(
  base: BaseAdapter,
  tableId: string,
  fields: SyncFields,
  store: NoteStore,
  conflict: Conflict,
  keep: 'table' | 'product',
): Promise<void> {
  const state: SyncState = (await base.getData<SyncState>(stateKey(tableId))) ?? { pairs: {} };
  let values: SyncValues;
  if (keep === 'table') values = valuesOf(await store.update(conflict.noteId, conflict.table));
  else {
    values = conflict.product;
    await base.setRecords(tableId, [{ recordId: conflict.recordId, fields: recordCells(values, fields, conflict.noteId) }]);
  }
  state.pairs[conflict.recordId] = { noteId: conflict.noteId, values };
  await base.setData(stateKey(tableId), state);
}

/** The user's answer to a pending delete: delete the remaining side too, or keep it unpaired. */
export async function resolveDelete(
  base: BaseAdapter,
  tableId: string,
  fields: SyncFields,
  store: NoteStore,
  pending: PendingDelete,
  remove: boolean,
): Promise<void> {
  const state: SyncState = (await base.getData<SyncState>(stateKey(tableId))) ?? { pairs: {} };
  if (pending.side === 'product' && pending.noteId) {
    if (remove) await store.remove(pending.noteId);
    for (const [recordId, pair] of Object.entries(state.pairs)) if (pair.noteId === pending.noteId) delete state.pairs[recordId];
  } else if (pending.side === 'table' && pending.recordId) {
    if (remove) await base.deleteRecords(tableId, [pending.recordId]);
    // Kept: the row loses its old note id and becomes a new note at the next sync.
    else await base.setRecords(tableId, [{ recordId: pending.recordId, fields: { [fields.noteId.id]: null } }]);
    delete state.pairs[pending.recordId];
  }
  await base.setData(stateKey(tableId), state);
}
