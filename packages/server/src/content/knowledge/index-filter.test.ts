import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import '../../app/account-events.ts';
import { migrateToLatest } from '../../app/migrate.ts';
import { createUser } from '../../identity/accounts/users.ts';
import { createDb, type Db } from '../../platform/db/index.ts';
import { datasetWithCollection } from './collection-row.test-support.ts';
import { insertChunks, topKeyword } from './index-store.ts';
import { terms } from './tokenize.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-index-filter-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function collectionOf(db: Db, userId: string, texts: string[]) {
  const n = texts.length;
  const { datasetId, collectionId } = await datasetWithCollection(
    db,
    { id: userId, tenantId: 'default' },
    { chunks: n, progress_done: n, progress_total: n },
  );
  const chunks = texts.map((q, idx) => ({ idx, q, a: '', embedding: null }));
  await db.transaction().execute((trx) => insertChunks(trx, collectionId, datasetId, chunks));
  return { datasetId, collectionId };
}

/**
 * SQLite: the index's terms are prefixed by their dataset (index-store.ts datasetTerm), so a search
 * matches its own datasets' rows alone. Whatever share of the index they are (19 of 21 rows, 7 of
 * 11, 7 of 47), the owner gets its own matching rows, best first and in the same order, and never
 * another user's (here the best-scoring rows); another owner or tenant gets nothing.
 */
it.each([
  { layout: 'mostly own', padding: 12, others: 2 },
  { layout: 'own 62%', padding: 0, others: 4 },
  { layout: 'own a minority', padding: 0, others: 40 },
])("answers a search ($layout) with the owner's rows alone, best first", async ({ padding, others }) => {
  const db = createDb({ dataDir: fs.mkdtempSync(path.join(dir, 'db-')), DATABASE_URL: undefined });
  try {
    await migrateToLatest(db);
    const owner = { id: await createUser(db, { phone: '13900000001' }), tenantId: 'default' };
    const other = { id: await createUser(db, { phone: '13900000002' }), tenantId: 'default' };
    const mine = await collectionOf(db, owner.id, [
      '保温杯 316不锈钢内胆，保温12小时。',
      '这款保温杯适合通勤，轻便耐用。',
      '饭盒 分格设计，微波炉可用。',
      '保温杯的杯盖可拆洗，保温杯送杯套。',
      '蓝牙耳机 降噪 长续航。',
      '咖啡机 一键萃取。',
    ]);
    const more = await collectionOf(db, owner.id, [
      '保温杯 通勤 保温杯 通勤。',
      ...Array.from({ length: padding }, (_, i) => `台灯 护眼 第${i}款。`),
    ]);
    const theirs = await collectionOf(
      db,
      other.id,
      Array.from({ length: others }, (_, i) => (i % 2 ? '保温杯 保温杯 限时特价。' : `保温杯保温杯保温杯 保温杯 ${i}。`)),
    );
    const queryTerms = [...new Set(terms('保温杯 通勤'))];
    const search = async (
      limit: number,
      collectionIds?: number[],
      who = owner,
      datasetIds = [mine.datasetId, more.datasetId],
    ) => {
      const found = await topKeyword(db, { datasetIds, owner: who, collectionIds }, queryTerms, limit);
      const texts = await db
        .selectFrom('knowledge_chunks')
        .select(['id', 'q'])
        .where('id', 'in', [0, ...found.keys()])
        .execute();
      const text = new Map(texts.map((r) => [Number(r.id), r.q]));
      const scores = [...found.values()];
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      return [...found.keys()].map((id) => text.get(id));
    };
    const all = await search(10);
    expect(all).toEqual([
      '保温杯 通勤 保温杯 通勤。',
      '这款保温杯适合通勤，轻便耐用。',
      '保温杯的杯盖可拆洗，保温杯送杯套。',
      '保温杯 316不锈钢内胆，保温12小时。',
    ]);
    for (const limit of [1, 2, 3]) expect(await search(limit)).toEqual(all.slice(0, limit));
    expect(await search(10, [mine.collectionId])).toEqual(all.filter((t) => t !== '保温杯 通勤 保温杯 通勤。'));
    // The other user's own search finds its rows, none of the owner's.
    expect(await search(100, undefined, other, [theirs.datasetId])).toHaveLength(others);
    // Under another owner or tenant the same datasets match nothing; a dataset of another user
    // next to one's own adds nothing.
    for (const who of [other, { id: owner.id, tenantId: 'kos' }]) expect(await search(10, undefined, who)).toEqual([]);
    expect(await search(10, undefined, owner, [mine.datasetId, more.datasetId, theirs.datasetId])).toEqual(all);
  } finally {
    await db.destroy();
  }
});
