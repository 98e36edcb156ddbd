import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { insertChunks } from '../../packages/server/src/content/knowledge/index-store.ts';
import { searchDatasets } from '../../packages/server/src/content/knowledge/search.ts';
import { terms } from '../../packages/server/src/content/knowledge/tokenize.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import type { AppContext } from '../../packages/server/src/platform/context.ts';
import { dialectOf } from '../../packages/server/src/platform/db/dialect.ts';
import { createDb, type Db } from '../../packages/server/src/platform/db/index.ts';

/**
 * Knowledge search (issue 32), side by side in one run on the same synthetic corpus: the product's
 * keyword search (`searchDatasets`: jieba terms, the index query with its dataset/owner filter, the
 * hits' rows and highlighted snippets) and indexing (`insertChunks`: chunk rows plus their index
 * entries in one transaction per 500 chunks), on SQLite (FTS5) and PostgreSQL (tsvector + GIN),
 * against a bare SQLite FTS5 table holding the same jieba-tokenised text (the same tokenizer; index =
 * jieba + insert, search = jieba + `match` of the OR of the query terms, `order by rank limit 10`).
 * 10,000 and 100,000 chunks of ~CHUNK_CHARS characters; `KNOWLEDGE_BENCH_SIZES=10000` limits sizes.
 */
const SIZES = (process.env.KNOWLEDGE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const CHUNK_CHARS = Number(process.env.KNOWLEDGE_BENCH_CHUNK_CHARS ?? 200);
const QUERIES = 100;
const WARMUP = 5;
const BATCH = 500;
const LIMIT = 10;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKENIZE = `unicode61 remove_diacritics 0 categories 'L* N* P* S* M* Co Cn'`;

// A vocabulary big enough that a query term is in a small share of the chunks, as in real product
// material (brands x categories, many traits and scenes); the filler words are in every chunk.
const BRANDS = [
  '星空',
  '云朵',
  '极光',
  '青柠',
  '山茶',
  '白桃',
  '海盐',
  '松果',
  '琥珀',
  '月光',
  '晨曦',
  '麦田',
  '薄荷',
  '珊瑚',
  '雪松',
  '橘子',
  '墨竹',
  '樱花',
  '银河',
  '暖阳',
];
const CATEGORIES = [
  '保温杯',
  '饭盒',
  '防晒霜',
  '蓝牙耳机',
  '跑鞋',
  '连衣裙',
  '面膜',
  '咖啡机',
  '行李箱',
  '台灯',
  '背包',
  '口红',
  '充电宝',
  '空气炸锅',
  '羽绒服',
];
const PRODUCTS = BRANDS.flatMap((b) => CATEGORIES.map((c) => `${b}${c}`));
const TRAITS = [
  '轻便',
  '耐用',
  '防水',
  '保湿',
  '降噪',
  '透气',
  '大容量',
  '快充',
  '静音',
  '抗菌',
  '不锈钢',
  '真丝',
  '可折叠',
  '智能温控',
  '低糖',
  '防滑',
  '速干',
  '加厚',
  '便携',
  '复古',
  '简约',
  '高弹',
  '无线',
  '护眼',
  '美白',
  '控油',
  '修身',
  '宽松',
  '耐磨',
  '防摔',
  '恒温',
  '低噪',
  '长续航',
  '快干',
  '柔软',
  '抗皱',
  '防晒',
  '保暖',
  '透明',
  '环保',
];
const SCENES = [
  '通勤',
  '户外露营',
  '办公室',
  '学生宿舍',
  '健身房',
  '旅行',
  '居家',
  '约会',
  '送礼',
  '亲子出游',
  '海边度假',
  '登山',
  '骑行',
  '出差',
  '年会',
  '婚礼',
  '开学季',
  '毕业季',
  '野餐',
  '钓鱼',
];

// A fixed seed: every size indexes the same corpus and asks the same queries in every run.
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const pick = <T>(list: T[]) => list[rand(list.length)]!;

function chunkText(): string {
  let text = '';
  while (text.length < CHUNK_CHARS) {
    text += `这款${pick(TRAITS)}${pick(PRODUCTS)}适合${pick(SCENES)}使用，${pick(TRAITS)}又${pick(TRAITS)}，售价${100 + rand(900)}元。`;
  }
  return text;
}

function corpus(size: number): { texts: string[]; queries: string[] } {
  seed = 42;
  const texts = Array.from({ length: size }, chunkText);
  const queries = Array.from({ length: QUERIES + WARMUP }, () => `${pick(TRAITS)} ${pick(PRODUCTS)} ${pick(SCENES)}`);
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
  const now = Date.now();
  const dataset = await db
    .insertInto('knowledge_datasets')
    .values({
      user_id: userId,
      tenant_id: 'default',
      folder_id: null,
      name: 'bench',
      intro: '',
      backend: 'local',
      remote_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const datasetId = Number(dataset.id);
  const collection = await db
    .insertInto('knowledge_collections')
    .values({
      dataset_id: datasetId,
      user_id: userId,
      tenant_id: 'default',
      name: 'bench',
      type: 'virtual',
      training_type: 'chunk',
      status: 'ready',
      source: '',
      raw_text: '',
      chunks: 0,
      progress_done: 0,
      progress_total: 0,
      error: null,
      stop_requested: 0,
      lease_until: 0,
      remote_id: null,
      task_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ctx = { db, config: loadConfig({ DATA_DIR: os.tmpdir(), NODE_ENV: 'test' }) } as AppContext;
  const owner = { id: userId, tenantId: 'default' };
  let analyzed = false;
  return {
    name,
    async index(texts, offset) {
      const chunks = texts.map((q, j) => ({ idx: offset + j, q, a: '', embedding: null }));
      await db.transaction().execute((trx) => insertChunks(trx, Number(collection.id), datasetId, chunks));
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

console.log(`machine: ${os.cpus().length} cores, load average ${load()} at start`);
console.log('| chunks | engine | indexing | vs bare | search p50 | vs bare | search p99 | vs bare | queries with hits |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const size of SIZES) await compare(size);
console.log(`load average ${load()} at the end`);
