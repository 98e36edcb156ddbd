import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createUser } from '../../packages/server/src/accounts/users.ts';
import { createDb, type Db } from '../../packages/server/src/db/index.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { scoreBm25 } from '../../packages/server/src/knowledge/bm25.ts';
import { corpusStats, insertChunks, postingsFor } from '../../packages/server/src/knowledge/index-store.ts';
import { terms } from '../../packages/server/src/knowledge/tokenize.ts';

/**
 * Knowledge index: indexing throughput (chunks per second, jieba segmentation + postings written)
 * and keyword search latency p50/p99 (BM25 over one dataset) at 10,000 and 100,000 chunks, on
 * SQLite and (when it answers) PostgreSQL. Chunks are synthetic Chinese product text of about
 * CHUNK_CHARS characters; `KNOWLEDGE_BENCH_SIZES=10000` limits the sizes.
 */
const SIZES = (process.env.KNOWLEDGE_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const CHUNK_CHARS = Number(process.env.KNOWLEDGE_BENCH_CHUNK_CHARS ?? 200);
const QUERIES = 100;
const BATCH = 500;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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

// A fixed seed: every run indexes the same corpus.
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(name: string, db: Db, size: number) {
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
  const started = performance.now();
  for (let i = 0; i < size; i += BATCH) {
    const chunks = Array.from({ length: Math.min(BATCH, size - i) }, (_, j) => ({
      idx: i + j,
      q: chunkText(),
      a: '',
      embedding: null,
    }));
    await db.transaction().execute((trx) => insertChunks(trx, Number(collection.id), datasetId, chunks));
  }
  const indexSeconds = (performance.now() - started) / 1000;

  const times: number[] = [];
  let found = 0;
  for (let q = 0; q < QUERIES; q++) {
    const query = `${pick(TRAITS)} ${pick(PRODUCTS)} ${pick(SCENES)}`;
    const t0 = performance.now();
    const scores = scoreBm25(await postingsFor(db, [datasetId], [...new Set(terms(query))]), await corpusStats(db, [datasetId]));
    const top = [...scores].sort((a, b) => b[1] - a[1]).slice(0, 10);
    times.push(performance.now() - t0);
    if (top.length) found++;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} ${String(size).padStart(7)} chunks of ~${CHUNK_CHARS} chars | index ${(size / indexSeconds).toFixed(0).padStart(6)} chunks/s (${indexSeconds.toFixed(1)} s) | search p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms | ${found}/${QUERIES} queries with hits`,
  );
}

console.log('database   size                           | indexing                      | keyword search (BM25, top 10)');
for (const size of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-know-'));
  const sqlite = createDb({ dataDir, DATABASE_URL: undefined });
  try {
    await migrateToLatest(sqlite);
    await run('SQLite', sqlite, size);
  } finally {
    await sqlite.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const schema = `bench_know_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL not reachable: skipped');
    continue;
  }
  await admin.query(`create schema ${schema}`);
  const pgDb = createDb({ dataDir: os.tmpdir(), DATABASE_URL: PG_URL }, { pgSchema: schema });
  try {
    await migrateToLatest(pgDb, schema);
    await run('PostgreSQL', pgDb, size);
  } finally {
    await pgDb.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
