import { cellText, FieldType, MemoryBase } from '@productimage/plugin-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type NoteStore,
  type ProductNote,
  prepareSyncFields,
  resolveConflict,
  resolveDelete,
  type SyncFields,
  type SyncValues,
  syncTable,
} from './sync.ts';

/** The product's note base in memory, with its own clock for updatedAt. */
class MemoryNotes implements NoteStore {
  notes = new Map<string, ProductNote>();
  seq = 0;
  now = 1_000;
  async list() {
    return [...this.notes.values()].map((n) => ({ ...n }));
  }
  async create(values: SyncValues) {
    const note = { ...values, noteId: String(++this.seq), updatedAt: ++this.now };
    this.notes.set(note.noteId, note);
    return { ...note };
  }
  async update(noteId: string, values: SyncValues) {
    const note = { ...values, noteId, updatedAt: ++this.now };
    this.notes.set(noteId, note);
    return { ...note };
  }
  async remove(noteId: string) {
    this.notes.delete(noteId);
  }
}

const mapping = {
  title: { kind: 'existing', fieldId: 'fTitle' },
  content: { kind: 'create', name: 'Content' },
  tags: { kind: 'create', name: 'Tags' },
  link: { kind: 'create', name: 'Link' },
} as const;

describe('data-sync', () => {
  let base: MemoryBase;
  let store: MemoryNotes;
  let fields: SyncFields;
  const title = (recordId: string) => cellText(base.rows('tbl').find((r) => r.recordId === recordId)?.fields.fTitle);

  beforeEach(async () => {
    base = new MemoryBase({
      tables: [{ id: 'tbl', name: 'Notes', fields: [{ id: 'fTitle', name: 'Title', type: FieldType.Text, isPrimary: true }] }],
    });
    store = new MemoryNotes();
    fields = await prepareSyncFields(base, 'tbl', mapping, { noteId: 'Note ID', modified: 'Modified' });
  });

  it('brings notes into the table and rows into the product, then carries each side’s changes over', async () => {
    await store.create({ title: 'From product', content: 'p', tags: ['a'], link: '' });
    const [rowId] = await base.addRecords('tbl', [{ fTitle: [{ type: 'text', text: 'From table' }] }]);
    const first = await syncTable(base, 'tbl', fields, store);
    expect(first.created).toEqual({ notes: 1, records: 1 });
    expect([...store.notes.values()].map((n) => n.title).sort()).toEqual(['From product', 'From table']);
    expect(base.rows('tbl')).toHaveLength(2);
    expect((await base.fields('tbl')).find((f) => f.name === 'Modified')?.type).toBe(FieldType.ModifiedTime);

    // A change in the table goes to the product.
    base.editRecord('tbl', rowId as string, { fTitle: [{ type: 'text', text: 'Edited in table' }] });
    expect((await syncTable(base, 'tbl', fields, store)).toProduct).toBe(1);
    const noteId = cellText(base.rows('tbl')[0]?.fields[fields.noteId.id]);
    expect(store.notes.get(noteId)?.title).toBe('Edited in table');

    // A change in the product comes to the table.
    const productNote = [...store.notes.values()].find((n) => n.title === 'From product') as ProductNote;
    await store.update(productNote.noteId, { ...productNote, content: 'changed in product' });
    const third = await syncTable(base, 'tbl', fields, store);
    expect(third.toTable).toBe(1);
    expect(base.rows('tbl').some((r) => cellText(r.fields[fields.content?.id as string]) === 'changed in product')).toBe(true);
    expect(await syncTable(base, 'tbl', fields, store)).toMatchObject({ toProduct: 0, toTable: 0, conflicts: [] });
  });

  it('lists a pair changed on both sides as a conflict with the newer side suggested, and applies the user’s choice', async () => {
    const [rowId] = await base.addRecords('tbl', [{ fTitle: [{ type: 'text', text: 'Draft' }] }]);
    await syncTable(base, 'tbl', fields, store);
    const note = [...store.notes.values()][0] as ProductNote;
    base.editRecord('tbl', rowId as string, { fTitle: [{ type: 'text', text: 'Table version' }] });
    store.now = Date.now() + 60_000; // the product's edit is the later one
    await store.update(note.noteId, { ...note, title: 'Product version' });
    const report = await syncTable(base, 'tbl', fields, store);
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0]).toMatchObject({
      suggested: 'product',
      table: { title: 'Table version' },
      product: { title: 'Product version' },
    });
    // Nothing was overwritten before the user chose.
    expect(title(rowId as string)).toBe('Table version');
    expect(store.notes.get(note.noteId)?.title).toBe('Product version');
    await resolveConflict(base, 'tbl', fields, store, report.conflicts[0] as never, 'table');
    expect(store.notes.get(note.noteId)?.title).toBe('Table version');
    expect((await syncTable(base, 'tbl', fields, store)).conflicts).toEqual([]);
  });

  it('never deletes on the other side without asking', async () => {
    const [keepRow, goneRow] = await base.addRecords('tbl', [
      { fTitle: [{ type: 'text', text: 'Keep' }] },
      { fTitle: [{ type: 'text', text: 'Gone in table' }] },
    ]);
    await syncTable(base, 'tbl', fields, store);
    await base.deleteRecords('tbl', [goneRow as string]);
    const keepNote = cellText(base.rows('tbl')[0]?.fields[fields.noteId.id]);
    await store.remove(keepNote);

    const report = await syncTable(base, 'tbl', fields, store);
    expect(report.pendingDeletes.map((p) => [p.side, p.title]).sort()).toEqual([
      ['product', 'Gone in table'],
      ['table', 'Keep'],
    ]);
    expect(store.notes.size).toBe(1);
    expect(base.rows('tbl')).toHaveLength(1);

    const productSide = report.pendingDeletes.find((p) => p.side === 'product');
    await resolveDelete(base, 'tbl', fields, store, productSide as never, true);
    expect(store.notes.size).toBe(0);
    const tableSide = report.pendingDeletes.find((p) => p.side === 'table');
    await resolveDelete(base, 'tbl', fields, store, tableSide as never, false);
    // Kept: the row is offered to the product again as a new note.
    expect((await syncTable(base, 'tbl', fields, store)).created.notes).toBe(1);
    expect(title(keepRow as string)).toBe('Keep');
  });
});
