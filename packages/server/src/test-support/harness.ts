import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { describe, vi } from 'vitest';
import { buildApp } from '../app/app.ts';
import { migrateToLatest } from '../app/migrate.ts';
import { engineThreadsYieldToApi } from '../engines/pool.ts';
import { hashPasswordsAtTestCost } from '../identity/accounts/passwords.ts';
import { createSession } from '../identity/accounts/sessions.ts';
import { createUser, type NewUser } from '../identity/accounts/users.ts';
import { loadConfig } from '../platform/config.ts';
import type { AppContext } from '../platform/context.ts';
import { createDb } from '../platform/db/index.ts';
import { PG_URL, postgresAvailable } from './services.ts';

export type DbKind = 'sqlite' | 'postgres';

// Server test files run two at a time (vitest.config.ts). An engine thread at nice 10 (the
// production default in a process that answers HTTP) gets a tenth of a core beside the other file's
// work at nice 0, and a 12 s cutout then outlasts the test timeout: in tests engine threads keep the
// process's priority. engines/pool.test.ts turns the default back on to test it.
engineThreadsYieldToApi(false);

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  kind: DbKind;
  /** inject() that parses the envelope: `{ status, code, data, msg, body }`. */
  call<T = any>(opts: InjectOptions): Promise<{ status: number; code: number; data: T; msg: string; raw: string }>;
  /** A new user (free grant included) with a live bearer token. */
  user(input?: NewUser): Promise<{ id: string; token: string; auth: { authorization: string } }>;
  close(): Promise<void>;
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * Every migration run once per worker process into a SQLite file that each SQLite harness then starts
 * from as a copy of its own: about 0.1 s of CPU and 0.3 s of fsyncs less per harness, about 130 of
 * them per run. The server's own `migrateToLatest` then finds nothing left to run. Every run still
 * migrates SQLite from empty (here), and every PostgreSQL harness still runs every migration.
 */
function migratedSqlite(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-test-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const db = createDb({ DATABASE_URL: undefined, dataDir: dir });
    await migrateToLatest(db);
    // Closing the last connection folds the WAL into the file: the file alone is the database.
    await db.destroy();
    return path.join(dir, 'productimage.db');
  })();
  return sqliteTemplate;
}

const run = <T>(fn: () => Promise<T>) => fn();

/**
 * Runs `fn` holding a PostgreSQL advisory lock shared by every test process: a harness's migrations
 * and a schema's drop never overlap. Kysely's migrator first lists every table of the database
 * (its introspector reads the catalog of all schemas), and a schema another file dropped or was
 * migrating meanwhile made that listing fail: 'schema "t_..." does not exist' (3F000) or 'column
 * "sha256" of relation "result_hashes" does not exist', in CI twice. Production migrates one
 * database from one process; only tests run many schemas side by side. A second context on a
 * harness's schema (studio/tasks/test-support.ts `secondContext`) migrates under it too.
 */
export async function schemaLock<T>(fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await fn();
  } finally {
    await client.end(); // ends the session, and with it the lock
  }
}
const SCHEMA_LOCK = 7_402_144;

/**
 * A real server on an isolated database: a fresh SQLite file (a copy of the migrated template), or a
 * fresh PostgreSQL schema.
 * `env` overrides configuration (e.g. PAYMENT_PROVIDER).
 */
export async function createHarness(kind: DbKind = 'sqlite', env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-test-'));
  let schema: string | undefined;
  if (kind === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    NODE_ENV: 'test',
    // Tests act as a proxy: X-Forwarded-For stands for distinct clients.
    TRUST_PROXY: 'true',
    ...(kind === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
    ...env,
  });
  const sqliteFile = path.join(config.dataDir, 'productimage.db');
  // A test that opens a data directory again (a restart) keeps the database it finds there.
  if (!config.DATABASE_URL && !fs.existsSync(sqliteFile)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(await migratedSqlite(), sqliteFile);
  }
  // A schema's migrations run under the lock its drop takes (schemaLock): see there.
  const { app, ctx } = await (schema ? schemaLock : run)(() =>
    buildApp(config, { logLevel: 'silent', dbOptions: { pgSchema: schema } }),
  );
  await app.ready();
  return {
    app,
    ctx,
    kind,
    async call(opts) {
      const res = await app.inject(opts);
      let body: any = {};
      try {
        body = res.json();
      } catch {
        body = {};
      }
      return { status: res.statusCode, code: body.code, data: body.data, msg: body.msg, raw: res.body };
    },
    async user(input = {}) {
      // Unique phone unless the test names an account.
      const phone = input.phone ?? (input.email ? null : `13${crypto.randomInt(0, 1e9).toString().padStart(9, '0')}`);
      const id = await createUser(ctx.db, { ...input, phone });
      const { accessToken } = await createSession(ctx.db, id, 3600);
      return { id, token: accessToken, auth: { authorization: `Bearer ${accessToken}` } };
    },
    async close() {
      await app.close();
      // A file that turned the production priority back on (engines/pool.test.ts) leaves it off for
      // the next file of the same worker process (vitest.config.ts: the server project's isolate).
      engineThreadsYieldToApi(false);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const name = schema;
        await schemaLock(async () => {
          const client = new pg.Client({ connectionString: PG_URL });
          await client.connect();
          await client.query(`drop schema ${name} cascade`);
          await client.end();
        });
      }
    },
  };
}

// New password hashes at scrypt N=2^10 in every suite (a full-cost hash is 0.1-0.25 s of CPU; the
// account suites make hundreds). Production never calls this: identity/accounts/passwords.test.ts.
hashPasswordsAtTestCost();

/** The database kinds to run a suite on: SQLite always, PostgreSQL when it answers. */
export const dbKinds: DbKind[] = postgresAvailable ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Runs the same suite once per available database: for a domain's own SQL that can differ on
 * PostgreSQL (raw `sql`, upserts, aggregates, LIKE, locking, money, migrations' data). Every other
 * suite uses describeSqlite; docs/testing.md lists which PostgreSQL suite covers the SQL it uses.
 */
export function describeEachDb(title: string, fn: (kind: DbKind) => void) {
  for (const kind of dbKinds) describe(`${title} [${kind}]`, () => fn(kind));
}

/**
 * Runs the suite on SQLite only: behaviour above the database (routes, validation, engines, i18n)
 * whose queries are plain query-builder CRUD, run on PostgreSQL by the owning domain's describeEachDb
 * suite (docs/testing.md). Same signature as describeEachDb, so moving a suite is a one-word change.
 */
export function describeSqlite(title: string, fn: (kind: DbKind) => void) {
  describe(`${title} [sqlite]`, () => fn('sqlite'));
}

/**
 * Runs `fn` with the clock (Date only; timers stay real) held one second into a fresh fixed
 * rate-limit window of `windowSeconds` (http/rate-limit.ts), so a test that fills a limit never
 * sees its counter reset at a window boundary however slow the run.
 */
export async function insideOneWindow<T>(windowSeconds: number, fn: () => Promise<T>): Promise<T> {
  const window = windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / window) * window + 1000);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
