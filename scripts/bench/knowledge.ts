import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { splitText } from '../../packages/server/src/content/knowledge/chunking.ts';
import { collectionRow, datasetWithCollection } from '../../packages/server/src/content/knowledge/collection-row.test-support.ts';
import { insertChunks, insertPrepared, prepareChunks } from '../../packages/server/src/content/knowledge/index-store.ts';
import { searchDatasets } from '../../packages/server/src/content/knowledge/search.ts';
import { terms } from '../../packages/server/src/content/knowledge/tokenize.ts';
import { createSession } from '../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import type { AppContext } from '../../packages/server/src/platform/context.ts';
import { dialectOf } from '../../packages/server/src/platform/db/dialect.ts';
import { createDb, type Db } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';
import { type RunningServer, startServer } from '../../tests/support/server.ts';
import { chunkText, query, reseed } from './support/knowledge-corpus.ts';

/**
 * Knowledge search and indexing (issues 32 and 48), side by side in one run, against a bare SQLite
 * FTS5 table holding the same jieba terms (the same tokenizer; index = jieba + insert, one
 * transaction per 500 chunks; search = jieba + `match` of the OR of the query terms `order by rank
 * limit 10`, in this process):
 *
 * 1. **Through HTTP** (the default): the real server (SQLite, NODE_ENV=production, LOG_LEVEL=info),
 *    as built (below).
 *    - Indexing: `.txt` uploads (`POST /api/knowledge/datasets/:id/collections`) of about
 *      KNOWLEDGE_BENCH_INDEX chunks (10,000), from the first upload to every collection `ready`,
 *      against the bare table indexing the same chunks (the product's own `splitText`). Meanwhile
 *      another user asks `GET /api/user/current` every 5 ms: its slowest answers show whether
 *      training holds the API's event loop (issue 42).
 *    - Search: `POST /api/knowledge/search` at 10,000 chunks (the uploads) and 100,000 chunks
 *      (another user's dataset filled straight into the server's database with the product's own
 *      `insertPrepared`, so the build takes a minute, not ten), QUERIES three-term queries, top 10,
 *      each against the bare table in turn; and a query with no known term through HTTP (what HTTP,
 *      auth, the rate limit and the envelope cost). Goal: p50 <= 1.3 x bare + the no-match p50.
 *    The server is the build (scripts/build-server.mjs, made at the start; KNOWLEDGE_FROM=sources: the
 *    sources through tsx); KNOWLEDGE_BENCH_SEARCH=0 stops after indexing.
 * 2. **Engines** (`KNOWLEDGE_ENGINES=1`, issue 32's table): `searchDatasets` and `insertChunks` in
 *    process on SQLite and PostgreSQL against the bare table, at KNOWLEDGE_BENCH_SIZES.
 */
const SIZES = (process.env.KNOWLEDGE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const INDEX_CHUNKS = Number(process.env.KNOWLEDGE_BENCH_INDEX ?? 10_000);
const CHUNK_CHARS = Number(process.env.KNOWLEDGE_BENCH_CHUNK_CHARS ?? 200);
/** Queries per size through HTTP: the search route allows 120 a minute per user (warm-up and no-match included). */
const QUERIES = Number(process.env.KNOWLEDGE_BENCH_QUERIES ?? 50);
const NO_MATCH = 20;
const WARMUP = 5;
const BATCH = 500;
const LIMIT = 10;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKENIZE = `unicode61 remove_diacritics 0 categories 'L* N* P* S* M* Co Cn'`;

function corpus(size: number, chars = CHUNK_CHARS): { texts: string[]; queries: string[] } {
  reseed(42);
  const texts = Array.from({ length: size }, () => chunkText(chars));
  const queries = Array.from({ length: QUERIES + WARMUP }, () => query());
  return { texts, queries };
}

/** One engine under test: indexes batches of chunks, answers queries with how many hits it found. */
interface Engine {
  name: string;
  index(texts: string[], offset: number): Promise<void>;
  search(query: string): Promise<number>;
  close(): Promise<void>;
}

const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The bare engine: one FTS5 table of the jieba terms, nothing else. */
function bare(): Engine {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-bare-'));
  const db = new SQLite(path.join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create virtual table bare using fts5(body, tokenize = "${TOKENIZE}")`);
  const insert = db.prepare('insert into bare (rowid, body) values (?, ?)');
  const select = db.prepare('select rowid, rank from bare where bare match ? order by rank limit ?');
  return {
    name: 'bare FTS5',
    async index(texts, offset) {
      const rows = texts.map((t) => terms(t).join(' '));
      db.transaction(() => {
        for (const [j, body] of rows.entries()) insert.run(offset + j + 1, body);
      })();
    },
    async search(q) {
      return select.all([...new Set(terms(q))].map(ftsString).join(' OR '), LIMIT).length;
    },
    async close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The product: chunks and their index written by insertChunks, searched by searchDatasets. */
async function product(name: string, db: Db, close: () => Promise<void>): Promise<Engine> {
  const userId = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  const { datasetId, collectionId } = await datasetWithCollection(db, { id: userId, tenantId: 'default' }, { name: 'bench' });
  const ctx = { db, config: loadConfig({ DATA_DIR: os.tmpdir(), NODE_ENV: 'test' }) } as AppContext;
  const owner = { id: userId, tenantId: 'default' };
  let analyzed = false;
  return {
    name,
    async index(texts, offset) {
      const chunks = texts.map((q, j) => ({ idx: offset + j, q, a: '', embedding: null }));
      await db.transaction().execute((trx) => insertChunks(trx, collectionId, datasetId, chunks));
    },
    async search(q) {
      // Fresh planner statistics after the bulk load (as autovacuum would gather soon after).
      if (!analyzed && dialectOf(db) === 'postgres') await sql`analyze knowledge_chunks`.execute(db);
      analyzed = true;
      return (await searchDatasets(ctx, { datasetIds: [datasetId], owner }, q, LIMIT)).length;
    },
    close,
  };
}

async function onSqlite(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-know-'));
  const db = createDb({ dataDir, DATABASE_URL: undefined });
  await migrateToLatest(db);
  return product('SQLite (product)', db, async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

async function onPostgres(): Promise<Engine | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const schema = `bench_know_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const db = createDb({ dataDir: os.tmpdir(), DATABASE_URL: PG_URL }, { pgSchema: schema });
  const close = async () => {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  };
  try {
    await migrateToLatest(db, schema);
    return await product('PostgreSQL (product)', db, close);
  } catch (error) {
    await close();
    throw error;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/**
 * The engines take turns, batch by batch and query by query, so a burst of load from elsewhere on a
 * shared machine hits all of them alike and the ratios stay fair.
 */
async function compare(size: number) {
  const { texts, queries } = corpus(size);
  const engines: Engine[] = [bare(), await onSqlite()];
  const pgEngine = await onPostgres();
  if (pgEngine) engines.push(pgEngine);
  try {
    const indexing = engines.map(() => 0);
    for (let i = 0; i < texts.length; i += BATCH) {
      for (const [e, engine] of engines.entries()) {
        const t0 = performance.now();
        await engine.index(texts.slice(i, i + BATCH), i);
        indexing[e]! += performance.now() - t0;
      }
    }
    const times: number[][] = engines.map(() => []);
    const found = engines.map(() => 0);
    for (const [n, query] of queries.entries()) {
      for (const [e, engine] of engines.entries()) {
        const t0 = performance.now();
        const hits = await engine.search(query);
        if (n < WARMUP) continue;
        times[e]!.push(performance.now() - t0);
        if (hits) found[e]!++;
      }
    }
    const rows = engines.map((engine, e) => {
      const sorted = times[e]!.sort((a, b) => a - b);
      return {
        name: engine.name,
        rate: size / (indexing[e]! / 1000),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        found: found[e]!,
      };
    });
    const base = rows[0]!;
    for (const r of rows) {
      console.log(
        `| ${size.toLocaleString('en')} | ${r.name} | ${r.rate.toFixed(0)} chunks/s | ${ratio(r.rate, base.rate)} | ${ms(r.p50)} | ${ratio(r.p50, base.p50)} | ${ms(r.p99)} | ${ratio(r.p99, base.p99)} | ${r.found}/${QUERIES} |`,
      );
    }
    if (!pgEngine) console.log(`| ${size.toLocaleString('en')} | PostgreSQL (product) | not reachable: skipped | | | | | | |`);
  } finally {
    for (const engine of engines) await engine.close();
  }
}

// Through HTTP -----------------------------------------------------------------------------------

/** A bare FTS5 table in this process, filled and searched the bare way. */
function bareTable() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-bare-'));
  const db = new SQLite(path.join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create virtual table bare using fts5(body, tokenize = "${TOKENIZE}")`);
  const insert = db.prepare('insert into bare (body) values (?)');
  const select = db.prepare('select rowid, rank from bare where bare match ? order by rank limit ?');
  const write = db.transaction((bodies: string[]) => {
    for (const body of bodies) insert.run(body);
  });
  return {
    file: path.join(dir, 'bare.db'),
    /** Segments and inserts chunks, one transaction per BATCH. */
    index(texts: string[]) {
      for (let i = 0; i < texts.length; i += BATCH) write(texts.slice(i, i + BATCH).map((t) => terms(t).join(' ')));
    },
    /** Inserts chunks already segmented. */
    insertBodies(bodies: string[]) {
      for (let i = 0; i < bodies.length; i += BATCH) write(bodies.slice(i, i + BATCH));
    },
    search(q: string) {
      return select.all([...new Set(terms(q))].map(ftsString).join(' OR '), LIMIT).length;
    },
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The bare table behind a bare Fastify route in a process of its own, like the product's server:
 * `POST /` with `{ match }` (the FTS5 query the bench made from the same jieba terms) answers the
 * best rows. Its time through HTTP meets the same scheduling on a shared machine as the server's.
 */
async function bareHttp(file: string) {
  const code = `
    const db = new (require('better-sqlite3'))(process.env.BARE_FILE, { readonly: true });
    const select = db.prepare('select rowid, rank from bare where bare match ? order by rank limit ${LIMIT}');
    const app = require('fastify')();
    app.post('/', async (request) => ({ code: 0, data: select.all(request.body.match), msg: '' }));
    app.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log('LISTENING ' + address));`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, BARE_FILE: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/LISTENING (\S+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    async search(query: string) {
      const match = [...new Set(terms(query))].map(ftsString).join(' OR ');
      const res = await fetch(origin, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ match }),
      });
      return ((await res.json()) as { data: unknown[] }).data.length;
    },
    stop: () => child.kill(),
  };
}

interface Client {
  auth: Record<string, string>;
  id: string;
}

async function userOf(db: Db): Promise<Client> {
  const id = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  const { accessToken } = await createSession(db, id, 3600);
  return { id, auth: { authorization: `Bearer ${accessToken}` } };
}

async function api(server: RunningServer, client: Client, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: { ...client.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: any; msg: string };
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

async function upload(server: RunningServer, client: Client, datasetId: string, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('trainingType', 'chunk');
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${server.origin}/api/knowledge/datasets/${datasetId}/collections`, {
    method: 'POST',
    headers: client.auth,
    body: form,
  });
  const json = (await res.json()) as { code: number; data: { collectionId: string }; msg: string };
  if (json.code !== 0) throw new Error(`upload: ${json.code} ${json.msg}`);
  return json.data.collectionId;
}

async function allReady(server: RunningServer, client: Client, datasetId: string, count: number) {
  for (;;) {
    const { list } = await api(server, client, 'GET', `/api/knowledge/datasets/${datasetId}/collections`);
    const states = list.map((c: { status: string }) => c.status);
    if (states.includes('failed')) throw new Error('a collection failed to train');
    if (list.length >= count && states.every((s: string) => s === 'ready'))
      return list.reduce((n: number, c: { chunks: number }) => n + c.chunks, 0) as number;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Texts of about `chunks` chunks of the product's size (splitText's 700 characters), split into `files`. */
function uploadTexts(chunks: number, files: number): string[] {
  reseed(7);
  const perFile = Math.ceil(chunks / files);
  return Array.from({ length: files }, () => Array.from({ length: perFile }, () => `${chunkText(640)}\n`).join(''));
}

/**
 * `GET /api/user/current` every SAMPLE_EVERY ms until `stop()`: the answers' times in ms. Paced,
 * not back to back: a back-to-back loop (about 1,200 requests a second) kept this process and the
 * server's main thread busy for the whole product run but not for the bare table's, and took the
 * CPU the nice-10 training thread would get; one a few ms still catches any stall of the event loop.
 */
const SAMPLE_EVERY = 5;
function sampleCurrent(server: RunningServer, client: Client) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${server.origin}/api/user/current`, { headers: client.auth }).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return times.sort((a, b) => a - b);
  };
}

async function searchRun(
  server: RunningServer,
  client: Client,
  datasetId: string,
  table: ReturnType<typeof bareTable>,
  queries: string[],
) {
  const product: number[] = [];
  const bareTimes: number[] = [];
  const bareHttpTimes: number[] = [];
  const none: number[] = [];
  let found = 0;
  const bareServer = await bareHttp(table.file);
  for (const [n, query] of queries.entries()) {
    let t0 = performance.now();
    const hits = await api(server, client, 'POST', '/api/knowledge/search', { datasetId, text: query, limit: LIMIT });
    const took = performance.now() - t0;
    t0 = performance.now();
    table.search(query);
    const bareTook = performance.now() - t0;
    t0 = performance.now();
    await bareServer.search(query);
    const bareHttpTook = performance.now() - t0;
    if (n < WARMUP) continue;
    product.push(took);
    bareTimes.push(bareTook);
    bareHttpTimes.push(bareHttpTook);
    if (hits.length) found++;
  }
  bareServer.stop();
  for (let i = 0; i < NO_MATCH; i++) {
    const t0 = performance.now();
    await api(server, client, 'POST', '/api/knowledge/search', { datasetId, text: `qzx${i}`, limit: LIMIT });
    none.push(performance.now() - t0);
  }
  const sort = (xs: number[]) => xs.sort((a, b) => a - b);
  return { product: sort(product), bare: sort(bareTimes), bareHttp: sort(bareHttpTimes), none: sort(none), found };
}

/**
 * The server as `npm start` runs it: the build (scripts/build-server.mjs, made once per run) on
 * plain node, as the speed bench does. KNOWLEDGE_FROM=sources starts the TypeScript sources through
 * tsx instead (then each training thread loads its modules through tsx's loader too: about 11 s for
 * the second thread's start at load 12).
 */
function useBuild() {
  if (process.env.KNOWLEDGE_FROM === 'sources') return 'the sources (tsx)';
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('scripts/build-server.mjs failed');
  process.env.E2E_BUILT_SERVER = '1';
  return 'the build';
}

async function throughHttp() {
  const from = useBuild();
  console.log(`server: ${from}`);
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
  const db = createDb({ dataDir: server.dataDir, DATABASE_URL: undefined });
  const tables: Array<ReturnType<typeof bareTable>> = [];
  try {
    const owner = await userOf(db);
    const other = await userOf(db);
    const { datasetId } = await api(server, owner, 'POST', '/api/knowledge/datasets', { name: 'bench' });
    // The training thread starts (and loads its modules) on the first run: not what is measured.
    let t0 = performance.now();
    await upload(server, owner, datasetId, 'warm.txt', chunkText(2000));
    await allReady(server, owner, datasetId, 1);
    const warm = performance.now() - t0;

    // Indexing: uploads to ready, against the bare table on the same chunks.
    const files = Math.max(1, Math.round(INDEX_CHUNKS / 2500));
    const texts = uploadTexts(INDEX_CHUNKS, files);
    const chunks = texts.flatMap((t) => splitText(t));
    // The bare table indexes before and after the product and counts as the mean of the two: the
    // load of a shared machine drifts over the product's seconds, and one bare run on one side of
    // them read 0.27x in a run where the others read 0.48-0.51x.
    const bareBefore = bareTable();
    t0 = performance.now();
    bareBefore.index(chunks);
    const bareBeforeMs = performance.now() - t0;
    bareBefore.close();
    const sampling = sampleCurrent(server, other);
    t0 = performance.now();
    for (const [i, text] of texts.entries()) await upload(server, owner, datasetId, `part${i}.txt`, text);
    const uploaded = performance.now() - t0;
    const indexed = (await allReady(server, owner, datasetId, files + 1)) - 1;
    const productMs = performance.now() - t0;
    const current = await sampling();
    const idleSampling = sampleCurrent(server, other);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await idleSampling();
    const bare10k = bareTable();
    tables.push(bare10k);
    t0 = performance.now();
    bare10k.index(chunks);
    const bareAfterMs = performance.now() - t0;
    const bareMs = (bareBeforeMs + bareAfterMs) / 2;

    console.log(`\nIndexing through HTTP (load average ${load()})`);
    console.log('| engine | chunks | time | chunks/s | vs bare |');
    console.log('| --- | --- | --- | --- | --- |');
    const rate = (n: number, took: number) => (n / (took / 1000)).toFixed(0);
    console.log(
      `| bare FTS5 (jieba + insert, ${BATCH} a transaction), the mean of before and after the product | ${chunks.length} | ${ms(bareMs)} (${ms(bareBeforeMs)} / ${ms(bareAfterMs)}) | ${rate(chunks.length, bareMs)} (${rate(chunks.length, bareBeforeMs)} / ${rate(chunks.length, bareAfterMs)}) | 1.00x |`,
    );
    console.log(
      `| product: ${files} .txt uploads to ready | ${indexed} | ${ms(productMs)} | ${(indexed / (productMs / 1000)).toFixed(0)} | ${ratio(indexed / productMs, chunks.length / bareMs)} |`,
    );
    console.log(
      `(the uploads' answers took ${ms(uploaded)} of it; the first upload, with the training thread's start: ${ms(warm)})`,
    );
    console.log(`\nAnother user's GET /api/user/current every ${SAMPLE_EVERY} ms (load average ${load()})`);
    console.log('| while | answers | p50 | p99 | slowest |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [label, xs] of [
      ['training runs', current],
      ['nothing runs', idle],
    ] as const)
      console.log(`| ${label} | ${xs.length} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 99))} | ${ms(xs.at(-1) ?? 0)} |`);

    // Search at 10k (the uploads) and 100k (another user's dataset filled straight into the database).
    console.log(
      `\nSearch through HTTP (${QUERIES} three-term queries, top ${LIMIT}; in turn: the product, bare FTS5 in this process, bare FTS5 behind a bare Fastify route in a process of its own)`,
    );
    console.log(
      '| chunks | bare p50 | bare p99 | bare behind bare Fastify p50 / p99 | product HTTP p50 | HTTP p99 | no-match HTTP p50 | goal: p50 <= 1.3 x bare + no-match | vs bare behind Fastify | queries with hits | load |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const report = (size: number, r: Awaited<ReturnType<typeof searchRun>>) => {
      const goal = 1.3 * percentile(r.bare, 50) + percentile(r.none, 50);
      const p50 = percentile(r.product, 50);
      console.log(
        `| ${size.toLocaleString('en')} | ${ms(percentile(r.bare, 50))} | ${ms(percentile(r.bare, 99))} | ${ms(percentile(r.bareHttp, 50))} / ${ms(percentile(r.bareHttp, 99))} | ${ms(p50)} | ${ms(percentile(r.product, 99))} | ${ms(percentile(r.none, 50))} | ${ms(goal)}: ${p50 <= goal ? 'met' : 'not met'} (${(p50 / percentile(r.bare, 50)).toFixed(2)}x bare) | ${(p50 / percentile(r.bareHttp, 50)).toFixed(2)}x | ${r.found}/${QUERIES} | ${load()} |`,
      );
    };
    // KNOWLEDGE_BENCH_SEARCH=0: indexing only (a minute shorter, for repeated indexing runs).
    if (process.env.KNOWLEDGE_BENCH_SEARCH === '0') return;
    reseed(99);
    const queries = Array.from({ length: QUERIES + WARMUP }, () => query());
    report(indexed, await searchRun(server, owner, datasetId, bare10k, queries));

    for (const size of SIZES.filter((s) => s > INDEX_CHUNKS)) {
      const big = await userOf(db);
      const { datasetId: bigId } = await api(server, big, 'POST', '/api/knowledge/datasets', { name: `bench ${size}` });
      const collection = await db
        .insertInto('knowledge_collections')
        .values(
          collectionRow({
            dataset_id: Number(bigId),
            user_id: big.id,
            name: 'bench',
            chunks: size,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const table = bareTable();
      tables.push(table);
      reseed(11);
      for (let i = 0; i < size; i += 2000) {
        const prepared = prepareChunks(
          Array.from({ length: Math.min(2000, size - i) }, (_, j) => ({ idx: i + j, q: chunkText(640), a: '', embedding: null })),
        );
        await writeTransaction(db, (trx) => insertPrepared(trx, Number(collection.id), Number(bigId), prepared));
        table.insertBodies(prepared.map((p) => p.body));
      }
      report(size, await searchRun(server, big, bigId, table, queries));
    }
  } finally {
    for (const table of tables) table.close();
    await db.destroy();
    await server.stop();
  }
}

console.log(`machine: ${os.cpus().length} cores, load average ${load()} at start`);
await throughHttp();
if (process.env.KNOWLEDGE_ENGINES === '1') {
  console.log('\nEngines in process (issue 32)');
  console.log('| chunks | engine | indexing | vs bare | search p50 | vs bare | search p99 | vs bare | queries with hits |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const size of SIZES) await compare(size);
}
console.log(`load average ${load()} at the end`);
