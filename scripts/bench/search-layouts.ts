import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { datasetWithCollection } from '../../packages/server/src/content/knowledge/collection-row.test-support.ts';
import {
  collectionToken,
  insertPrepared,
  ownerToken,
  prepareChunks,
  topKeyword,
} from '../../packages/server/src/content/knowledge/index-store.ts';
import { terms } from '../../packages/server/src/content/knowledge/tokenize.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';
import { chunkText, query, reseed } from './support/knowledge-corpus.ts';

/**
 * Knowledge search on SQLite by how much of the index the searched dataset holds (issue 48), in
 * process: the same queries in turn against
 * - the bare FTS5 table of the searched dataset's rows alone (jieba terms, `match` of their OR,
 *   `order by rank limit 10`),
 * - the product's `topKeyword` (its index's terms prefixed by their dataset, index-store.ts
 *   datasetTerm),
 * - the index as it was before (a table beside it of every dataset's rows, terms bare, the
 *   dataset's owner token in `tags`, bm25 with tags weighted 0): matched by the terms alone (the
 *   old mostlyOwnFirst) and by the filtered query `(owner token) AND (terms)`.
 * SEARCH_LAYOUTS lists layouts separated by `;`, each the datasets in the order they are written,
 * `own` being the searched one: `a:2000,b:10000,own:20000` is `KNOWLEDGE_BENCH_INDEX=2000
 * KNOWLEDGE_BENCH_SIZES=10000,20000`'s index at its 20k search. Chunks of 640 characters, as the
 * HTTP bench's. p50 of SEARCH_QUERIES queries (after 5 of warm-up), per layout.
 */
const LAYOUTS = (
  process.env.SEARCH_LAYOUTS ?? 'own:10000;b:1100,own:10000;b:2500,own:10000;a:2000,b:10000,own:20000;own:2000,b:30000'
)
  .split(';')
  .map((layout) =>
    layout.split(',').map((part) => {
      const [who, n] = part.split(':');
      return { who: who!, n: Number(n) };
    }),
  );
const QUERIES = Number(process.env.SEARCH_QUERIES ?? 50);
const WARMUP = 5;
const TOKENIZE = `unicode61 remove_diacritics 0 categories 'L* N* P* S* M* Co Cn'`;
const fts = (term: string) => `"${term.replaceAll('"', '""')}"`;

async function layout(parts: Array<{ who: string; n: number }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-layouts-'));
  const db = createDb({ dataDir: dir, DATABASE_URL: undefined });
  const side = new SQLite(path.join(dir, 'side.db'));
  try {
    await migrateToLatest(db);
    side.exec(`create virtual table bare using fts5(body, tokenize = "${TOKENIZE}")`);
    side.exec(
      `create virtual table shared using fts5(body, tags, content = '', contentless_delete = 1, tokenize = "${TOKENIZE}")`,
    );
    side.exec(`insert into shared (shared, rank) values ('rank', 'bm25(1.0, 0.0)')`);
    const bareInsert = side.prepare('insert into bare (body) values (?)');
    const sharedInsert = side.prepare('insert into shared (body, tags) values (?, ?)');
    const datasets = new Map<string, { owner: { id: string; tenantId: string }; datasetId: number; collectionId: number }>();
    reseed(11);
    for (const part of parts) {
      if (!datasets.has(part.who)) {
        const id = await createUser(db, { phone: `1390000${String(datasets.size).padStart(4, '0')}` });
        const { datasetId, collectionId } = await datasetWithCollection(db, { id, tenantId: 'default' }, { name: part.who });
        datasets.set(part.who, {
          owner: { id, tenantId: 'default' },
          datasetId,
          collectionId,
        });
      }
      const d = datasets.get(part.who)!;
      await db
        .updateTable('knowledge_collections')
        .set({ chunks: sql`chunks + ${part.n}` })
        .where('id', '=', d.collectionId)
        .execute();
      for (let i = 0; i < part.n; i += 2000) {
        const prepared = prepareChunks(
          Array.from({ length: Math.min(2000, part.n - i) }, (_, j) => ({
            idx: i + j,
            q: chunkText(640),
            a: '',
            embedding: null,
          })),
        );
        await writeTransaction(db, (trx) => insertPrepared(trx, d.collectionId, d.datasetId, prepared));
        const tags = `${ownerToken(d.datasetId, d.owner)} ${collectionToken(d.collectionId)}`;
        side.transaction(() => {
          for (const { body } of prepared) {
            sharedInsert.run(body, tags);
            if (part.who === 'own') bareInsert.run(body);
          }
        })();
      }
    }
    const own = datasets.get('own')!;
    const token = fts(ownerToken(own.datasetId, own.owner));
    const select = (table: string) =>
      side.prepare(`select rowid, rank from ${table} where ${table} match ? order by rank limit 10`);
    const bare = select('bare');
    const shared = select('shared');
    const ways: Array<[string, (q: string[]) => unknown]> = [
      ['bare FTS5, own rows only', (q) => bare.all(q.map(fts).join(' OR '))],
      ['topKeyword (the product)', (q) => topKeyword(db, { datasetIds: [own.datasetId], owner: own.owner }, q, 10)],
      ['before: terms alone', (q) => shared.all(q.map(fts).join(' OR '))],
      ['before: filtered query', (q) => shared.all(`(${token}) AND (${q.map(fts).join(' OR ')})`)],
    ];
    const times = ways.map(() => [] as number[]);
    reseed(99);
    for (let n = 0; n < QUERIES + WARMUP; n++) {
      const q = [...new Set(terms(query()))];
      for (const [w, [, run]] of ways.entries()) {
        const t0 = performance.now();
        await run(q);
        if (n >= WARMUP) times[w]!.push(performance.now() - t0);
      }
    }
    const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const base = p50(times[0]!);
    const total = parts.reduce((sum, p) => sum + p.n, 0);
    const ownRows = parts.filter((p) => p.who === 'own').reduce((sum, p) => sum + p.n, 0);
    const cells = ways.map(([, _run], w) => `${p50(times[w]!).toFixed(1)} ms (${(p50(times[w]!) / base).toFixed(2)}x)`);
    console.log(
      `| ${parts.map((p) => `${p.who}:${p.n}`).join(', ')} | ${Math.round((100 * ownRows) / total)}% | ${cells.join(' | ')} | ${os.loadavg()[0]!.toFixed(1)} |`,
    );
  } finally {
    side.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start`);
console.log(
  '| layout (written in this order) | own share | bare p50 | topKeyword (the product) | before: terms alone | before: filtered | load |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const parts of LAYOUTS) await layout(parts);
