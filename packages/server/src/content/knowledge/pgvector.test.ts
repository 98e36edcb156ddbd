import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../app/migrate.ts';
import { createUser } from '../../identity/accounts/users.ts';
import { loadConfig } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { postgresAvailable } from '../../test-support/services.ts';
import { datasetWithCollection } from './collection-row.test-support.ts';
import { insertChunks } from './index-store.ts';
import { pgliteDb } from './pglite-db.ts';
import { type Owner, search } from './service.ts';
import { vectorPath } from './vector-store.ts';

/**
 * The vector half of hybrid search on PostgreSQL: with pgvector (real pgvector, compiled to WASM in
 * PGlite) the nearest chunks come from `order by embedding_vec <=> $query`; on this machine's
 * PostgreSQL (no pgvector) from the JSON embeddings compared in the server. The same search gives
 * the same answer on both.
 */

// An OpenAI embeddings double (POST /embeddings, documented shape): one dimension per concept, so
// a query shares no word with the chunk it is nearest to.
const CONCEPTS = [
  ['保温杯', '热饮'],
  ['饭盒', '午餐'],
  ['防晒', '阳光'],
  ['咖啡', '提神'],
];
function embed(text: string): number[] {
  const v = CONCEPTS.map((words) => words.reduce((n, w) => n + text.split(w).length - 1, 0));
  return [...v, 0.1];
}

const CHUNKS = [
  '星空饭盒分三层，学生午餐好帮手，饭盒可进微波炉。',
  '清风防晒霜SPF50+，夏天出门不怕晒。',
  '云朵保温杯316不锈钢内胆，保温12小时。',
  '挂耳咖啡，早上提神。',
];

let server: http.Server;
let embeddingUrl = '';
const answers: Record<string, unknown> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          model: parsed.model,
          data: parsed.input.map((t, index) => ({ object: 'embedding', index, embedding: embed(t) })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  embeddingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((r) => server.close(r)));

const env = () => ({ EMBEDDING_BASE_URL: embeddingUrl, EMBEDDING_MODEL: 'text-embedding-3-small' });

async function datasetWith(db: Db, owner: Owner, texts: string[]): Promise<number> {
  const n = texts.length;
  const { datasetId, collectionId } = await datasetWithCollection(db, owner, {
    name: '产品资料',
    chunks: n,
    progress_done: n,
    progress_total: n,
  });
  await db
    .insertInto('knowledge_collection_texts')
    .values({ collection_id: collectionId, text: texts.join('\n') })
    .execute();
  await insertChunks(
    db,
    collectionId,
    datasetId,
    texts.map((q, idx) => ({ idx, q, a: '', embedding: embed(q) })),
  );
  return datasetId;
}

/** The same journey on either database; answers what the searches found. */
function searchJourney(
  label: string,
  sqlOnly: boolean,
  open: () => Promise<{ ctx: AppContext; expectedPath: 'pgvector' | 'scan'; close(): Promise<void> }>,
) {
  describe(label, () => {
    let ctx: AppContext;
    let close: () => Promise<void>;
    let expectedPath: 'pgvector' | 'scan';
    let alice: Owner;
    let bob: Owner;
    let aliceDs: number;
    let bobDs: number;
    beforeAll(async () => {
      ({ ctx, close, expectedPath } = await open());
      alice = { id: await createUser(ctx.db, { email: `alice-${label}@example.com` }), tenantId: 'default' };
      bob = { id: await createUser(ctx.db, { email: `bob-${label}@example.com` }), tenantId: 'default' };
      aliceDs = await datasetWith(ctx.db, alice, CHUNKS);
      bobDs = await datasetWith(ctx.db, bob, ['热饮保温杯（鲍勃的私人笔记）']);
    });
    afterAll(() => close?.());

    it('takes the vector path this database offers', async () => {
      expect(await vectorPath(ctx.db)).toBe(expectedPath);
    });

    it('ranks the nearest chunk first when the query shares no word with it', async () => {
      const hits = await search(ctx, alice, [aliceDs], '热饮', 3);
      // Same concept first; the off-topic ones by how little of their length is off-topic.
      expect(hits.map((h) => h.q)).toEqual([CHUNKS[2], CHUNKS[1], CHUNKS[3]]);
      expect(hits[0]).toMatchObject({ mode: 'hybrid', sourceName: '产品资料', scores: { keyword: null } });
      expect(hits[0]!.scores.vector).toBeCloseTo(1, 4);
      answers[label] = hits.map((h) => ({ q: h.q, vector: Number(h.scores.vector!.toFixed(4)) }));
    });

    it("keeps users apart: another user's chunks never come back, their dataset is not found", async () => {
      const own = await search(ctx, bob, [bobDs], '热饮', 10);
      expect(own.map((h) => h.q)).toEqual(['热饮保温杯（鲍勃的私人笔记）']);
      const mine = await search(ctx, alice, [aliceDs], '热饮', 10);
      expect(mine.map((h) => h.q)).not.toContain('热饮保温杯（鲍勃的私人笔记）');
      await expect(search(ctx, bob, [aliceDs], '热饮', 10)).rejects.toMatchObject({ key: 'notFound' });
    });

    if (sqlOnly) {
      it('ranks by the vector column alone (the SQL does the ranking)', async () => {
        const carol = { id: await createUser(ctx.db, { email: `carol-${label}@example.com` }), tenantId: 'default' };
        const ds = await datasetWith(ctx.db, carol, CHUNKS);
        // Without the JSON copies only pgvector can still rank them.
        await sql`update knowledge_chunks set embedding = null where dataset_id = ${ds}`.execute(ctx.db);
        const hits = await search(ctx, carol, [ds], '提神', 1);
        expect(hits.map((h) => h.q)).toEqual([CHUNKS[3]]);
      });
    }
  });
}

searchJourney('PGlite with pgvector', true, async () => {
  const pglite = new PGlite({
    extensions: { vector },
    parsers: { 20: (v: string) => Number.parseInt(v, 10), 1700: (v: string) => Number.parseFloat(v) },
  });
  const db = pgliteDb(pglite);
  await migrateToLatest(db);
  const config = loadConfig({ DATA_DIR: '/tmp/pgvector-test-unused', NODE_ENV: 'test', ...env() });
  return {
    ctx: { db, config } as AppContext,
    expectedPath: 'pgvector',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
});

if (postgresAvailable) {
  let h: Harness;
  searchJourney('local PostgreSQL without pgvector', false, async () => {
    h = await createHarness('postgres', env());
    const available = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(h.ctx.db);
    return { ctx: h.ctx, expectedPath: available.rows.length ? 'pgvector' : 'scan', close: () => h.close() };
  });

  it('answers the same on both paths', () => {
    expect(answers['local PostgreSQL without pgvector']).toEqual(answers['PGlite with pgvector']);
  });
}
