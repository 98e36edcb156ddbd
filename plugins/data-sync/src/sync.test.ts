import { cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ItemStore,
  type ProductItem,
  prepareSyncFields,
  resolveConflict,
  resolveDelete,
  type SyncColumn,
  type SyncTarget,
  type SyncValues,
  syncTable,
} from './sync.ts';

/** A product side in memory (notes or tasks), with its own clock for updatedAt. */
class MemoryItems implements ItemStore {
  items = new Map<string, ProductItem>();
  seq = 0;
  now = 1_000;
  refuse: string | null = null;
  constructor(readonly columns: SyncColumn[]) {}
  async list() {
    return [...this.items.values()].map((n) => structuredClone(n));
  }
  async create(values: SyncValues) {
    if (this.refuse && Object.values(values).includes(this.refuse)) throw new Error('refused');
    const item = { id: String(++this.seq), values: { ...values }, updatedAt: ++this.now };
    this.items.set(item.id, item);
    return structuredClone(item);
  }
  async update(id: string, values: SyncValues) {
    if (this.refuse && Object.values(values).includes(this.refuse)) throw new Error('refused');
    const item = { id, values: { ...values }, updatedAt: ++this.now };
    this.items.set(id, item);
    return structuredClone(item);
  }
  async remove(id: string) {
    this.items.delete(id);
  }
  title(id: string) {
    return this.items.get(id)?.values.title;
  }
}

const NOTE_COLUMNS: SyncColumn[] = [
  { key: 'title', required: true },
  { key: 'content' },
  { key: 'tags' },
  { key: 'link', url: true },
];
const mapping = {
  title: { kind: 'existing', fieldId: 'fTitle' },
  content: { kind: 'create', name: 'Content' },
  tags: { kind: 'create', name: 'Tags' },
  link: { kind: 'create', name: 'Link' },
} as const;
const values = (title: string, extra: Partial<SyncValues> = {}): SyncValues => ({
  title,
  content: '',
  tags: '',
  link: '',
  ...extra,
});

describe('data-sync', () => {
  let base: MemoryBase;
  let store: MemoryItems;
  let target: SyncTarget;
  const title = (recordId: string) => cellText(base.rows('tbl').find((r) => r.recordId === recordId)?.fields.fTitle);

  beforeEach(async () => {
    base = new MemoryBase({
      tables: [{ id: 'tbl', name: 'Notes', fields: [{ id: 'fTitle', name: 'Title', type: FieldType.Text, isPrimary: true }] }],
    });
    store = new MemoryItems(NOTE_COLUMNS);
    const fields = await prepareSyncFields(base, 'tbl', store, mapping, { id: 'Note ID', modified: 'Modified' });
    target = { base, tableId: 'tbl', fields, store, side: 'notes' };
  });

  it('brings items into the table and rows into the product, then carries each side’s changes over', async () => {
    await store.create(values('From product', { content: 'p', tags: 'a' }));
    const [rowId] = await base.addRecords('tbl', [{ fTitle: [{ type: 'text', text: 'From table' }] }]);
    const first = await syncTable(target);
    expect(first.created).toEqual({ items: 1, records: 1 });
    expect([...store.items.values()].map((n) => n.values.title).sort()).toEqual(['From product', 'From table']);
    expect(base.rows('tbl')).toHaveLength(2);
    expect((await base.fields('tbl')).find((f) => f.name === 'Modified')?.type).toBe(FieldType.ModifiedTime);
    expect((await base.fields('tbl')).find((f) => f.name === 'Link')?.type).toBe(FieldType.Url);

    base.editRecord('tbl', rowId as string, { fTitle: [{ type: 'text', text: 'Edited in table' }] });
    expect((await syncTable(target)).toProduct).toBe(1);
    const itemId = cellText(base.rows('tbl')[0]?.fields[target.fields.id.id]);
    expect(store.title(itemId)).toBe('Edited in table');

    const productItem = [...store.items.values()].find((n) => n.values.title === 'From product') as ProductItem;
    await store.update(productItem.id, { ...productItem.values, content: 'changed in product' });
    expect((await syncTable(target)).toTable).toBe(1);
    const contentField = target.fields.columns.content?.id as string;
    expect(base.rows('tbl').some((r) => cellText(r.fields[contentField]) === 'changed in product')).toBe(true);
    expect(await syncTable(target)).toMatchObject({ toProduct: 0, toTable: 0, conflicts: [], errors: [] });
  });

  it('lists a pair changed on both sides as a conflict with the newer side suggested, and applies the user’s choice', async () => {
    const [rowId] = await base.addRecords('tbl', [{ fTitle: [{ type: 'text', text: 'Draft' }] }]);
    await syncTable(target);
    const item = [...store.items.values()][0] as ProductItem;
    base.editRecord('tbl', rowId as string, { fTitle: [{ type: 'text', text: 'Table version' }] });
    store.now = Date.now() + 60_000; // the product's edit is the later one
    await store.update(item.id, { ...item.values, title: 'Product version' });
    const report = await syncTable(target);
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0]).toMatchObject({
      suggested: 'product',
      table: { title: 'Table version' },
      product: { title: 'Product version' },
    });
    expect(title(rowId as string)).toBe('Table version');
    expect(store.title(item.id)).toBe('Product version');
    await resolveConflict(target, report.conflicts[0] as never, 'table');
    expect(store.title(item.id)).toBe('Table version');
    expect((await syncTable(target)).conflicts).toEqual([]);
  });

  it('never deletes on the other side without asking', async () => {
    const [keepRow, goneRow] = await base.addRecords('tbl', [
      { fTitle: [{ type: 'text', text: 'Keep' }] },
      { fTitle: [{ type: 'text', text: 'Gone in table' }] },
    ]);
    await syncTable(target);
    await base.deleteRecords('tbl', [goneRow as string]);
    await store.remove(cellText(base.rows('tbl')[0]?.fields[target.fields.id.id]));

    const report = await syncTable(target);
    expect(report.pendingDeletes.map((p) => [p.side, p.title]).sort()).toEqual([
      ['product', 'Gone in table'],
      ['table', 'Keep'],
    ]);
    expect(store.items.size).toBe(1);
    expect(base.rows('tbl')).toHaveLength(1);

    await resolveDelete(target, report.pendingDeletes.find((p) => p.side === 'product') as never, true);
    expect(store.items.size).toBe(0);
    await resolveDelete(target, report.pendingDeletes.find((p) => p.side === 'table') as never, false);
    expect((await syncTable(target)).created.items).toBe(1);
    expect(title(keepRow as string)).toBe('Keep');
  });

  it('keeps a task list in step with its own columns, and reports a row the product refuses without stopping', async () => {
    const tasks = new MemoryItems([{ key: 'title', required: true }, { key: 'owner' }, { key: 'status' }]);
    tasks.refuse = 'DONE?';
    const fields = await prepareSyncFields(
      base,
      'tbl',
      tasks,
      {
        title: { kind: 'existing', fieldId: 'fTitle' },
        owner: { kind: 'create', name: 'Owner' },
        status: { kind: 'create', name: 'Status' },
      },
      {
        id: 'Task ID',
        modified: 'Modified',
      },
    );
    const taskTarget: SyncTarget = { base, tableId: 'tbl', fields, store: tasks, side: 'tasks' };
    const statusId = fields.columns.status?.id as string;
    await base.addRecords('tbl', [
      { fTitle: [{ type: 'text', text: 'Shoot video' }], [statusId]: [{ type: 'text', text: 'NEW' }] },
      { fTitle: [{ type: 'text', text: 'Bad one' }], [statusId]: [{ type: 'text', text: 'DONE?' }] },
    ]);
    const report = await syncTable(taskTarget);
    expect(report.created.items).toBe(1);
    expect(report.errors.map((e) => e.title)).toEqual(['Bad one']);
    expect([...tasks.items.values()][0]?.values).toEqual({ title: 'Shoot video', owner: '', status: 'NEW' });
    // Pairs are kept per product side: the note side of the same table is untouched.
    expect(await base.getData('data-sync:tbl:notes')).toBeUndefined();
  });
});
