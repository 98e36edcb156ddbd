import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type { Database } from './schema.ts';

// int8 (bigint, bigserial, count(*)) as JS numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface DbOptions {
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
  sqliteFile?: string;
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function createDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>, options: DbOptions = {}): Db {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    openedWith.set(db, { DATABASE_URL: config.DATABASE_URL, pgSchema: options.pgSchema });
    return db;
  }
  const file = options.sqliteFile ?? path.join(config.dataDir, 'productimage.db');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = countWrites(new SQLite(file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  openedWith.set(db, { sqliteFile: file });
  return db;
}

/** How a database made by `createDb` can be opened again (its URL and schema, or its SQLite file). */
export interface DbAddress {
  DATABASE_URL?: string;
  pgSchema?: string;
  sqliteFile?: string;
}

const openedWith = new WeakMap<Db, DbAddress>();

/**
 * Where `db` lives, for a worker thread that opens its own connection to the same database
 * (knowledge training writes off the API thread); undefined for a database not made by `createDb`
 * (PGlite in tests), which only this thread can reach.
 */
export function addressOf(db: Db): DbAddress | undefined {
  return openedWith.get(db);
}

/** Opens the database at `address` again (a connection of this thread's own). */
export function openAddress(address: DbAddress): Db {
  return createDb(
    { DATABASE_URL: address.DATABASE_URL, dataDir: path.dirname(address.sqliteFile ?? '.') },
    { pgSchema: address.pgSchema, sqliteFile: address.sqliteFile },
  );
}

const sqliteHandles = new WeakMap<Db, SQLite.Database>();

/**
 * The better-sqlite3 handle behind a SQLite `Db` (undefined on PostgreSQL). Only for hot paths that
 * run prepared statements synchronously while they hold Kysely's connection (points/charge-batch.ts):
 * the handle is the same connection, so outside `db.connection().execute` it would join whatever
 * transaction another caller has open.
 */
export function sqliteHandleOf(db: Db): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

const writeCounts = new WeakMap<SQLite.Database, { writes: number }>();

/**
 * Counts what may write through this connection: every run of a statement SQLite does not call
 * read-only (sqlite3_stmt_readonly: INSERT, UPDATE, DELETE, DDL, RETURNING ones included) and every
 * `exec`, whoever prepared it (Kysely, the statement cache, the points' and the knowledge index's own
 * statements: all go through this handle's `prepare`). The read caches (read-cache.ts) compare this
 * count instead of asking SQLite for `total_changes()` twice per request (issue 48: a native call
 * each on the hottest route). It may move without a change (a write of no rows, a rollback): a kept
 * answer is then read again, never kept too long. Another connection's commit is not counted here:
 * the read caches see that through `PRAGMA data_version`.
 */
function countWrites(sqlite: SQLite.Database): SQLite.Database {
  const count = { writes: 0 };
  writeCounts.set(sqlite, count);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!statement.readonly) countRuns(statement, count);
    return statement;
  }) as typeof sqlite.prepare;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = (source: string) => {
    try {
      return exec(source);
    } finally {
      count.writes++;
    }
  };
  return sqlite;
}

function countRuns(statement: SQLite.Statement, count: { writes: number }) {
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      try {
        return original(...args);
      } finally {
        count.writes++;
      }
    };
  }
  // A writing statement read as a stream (INSERT ... RETURNING through Kysely's stream) writes as it
  // steps: counted when it starts and again when it ends.
  const iterate = statement.iterate.bind(statement) as (...args: unknown[]) => IterableIterator<unknown>;
  (statement as unknown as Record<string, unknown>).iterate = function* (...args: unknown[]) {
    count.writes++;
    try {
      yield* iterate(...args);
    } finally {
      count.writes++;
    }
  };
}

/**
 * The count of what may have written through `sqlite` (see countWrites), a live object whose
 * `writes` grows; undefined for a handle not made by createDb.
 */
export function writeCounter(sqlite: SQLite.Database): { readonly writes: number } | undefined {
  return writeCounts.get(sqlite);
}

/**
 * Kysely prepares every query anew; SQLite's prepare costs about as much as running a small query
 * (a third of GET /api/user/current's time, issue 16). The same SQL text gets the same prepared
 * statement back (at most 500, least recently used dropped), unless that statement is still being
 * iterated (a stream), which gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
