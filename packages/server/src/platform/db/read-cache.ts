import { performance } from 'node:perf_hooks';
import type SQLite from 'better-sqlite3';
import { type Db, sqliteHandleOf, writeCounter } from './index.ts';

/**
 * Answers of hot reads kept in memory until the database changes at all (issue 16: GET
 * /api/user/current and the session lookup of every request). On SQLite a stamp of two counters
 * tells whether anything was committed since an answer was read: the connection's write count
 * (db/index.ts countWrites) moves when this connection writes, whoever in this process wrote (a
 * property read; `SELECT total_changes()` for a handle made elsewhere, a native call on every
 * request's two reads: issue 48), and `PRAGMA data_version` when another connection commits (another process, an operator's
 * script; it takes SQLite's read lock, 3-20 µs, so it is read at most once per OTHER_WRITERS_MS:
 * read every millisecond it was still 1.4 % of the hot path's time). Any write anywhere drops every
 * cached answer: an answer is never older than the data, or than OTHER_WRITERS_MS for another
 * process's write. Time-bound answers (a session's expiry, points that lapse) also carry the moment
 * they stop being true.
 *
 * Nothing is cached on PostgreSQL (no such counter; other processes write there) or while a
 * transaction is open on the SQLite connection (its writes are not committed yet).
 */

/** How long another process's commit may stay unseen by the cached reads of this one. */
export const OTHER_WRITERS_MS = 10;

interface Stamper {
  sqlite: SQLite.Database;
  /** This connection's write count (db/index.ts countWrites); undefined for a handle made elsewhere. */
  counter: { readonly writes: number } | undefined;
  version: SQLite.Statement;
  changes: SQLite.Statement;
  lastVersion: unknown;
  lastChanges: unknown;
  checkedAt: number;
  /** Moves whenever either counter moved since it was last read (both only ever grow). */
  generation: number;
}

const stampers = new WeakMap<SQLite.Database, Stamper>();

/**
 * The last database asked about and its stamper (null on PostgreSQL): a process reads one database,
 * so nearly every call skips the three WeakMap lookups (handle, stamper, write count) of `stamperOf`
 * (issue 48: two calls on every signed-in request).
 */
let lastDb: Db | undefined;
let lastStamper: Stamper | null = null;

function stamperOf(db: Db): Stamper | null {
  if (db === lastDb) return lastStamper;
  const sqlite = sqliteHandleOf(db);
  let stamper: Stamper | null = null;
  if (sqlite) {
    stamper = stampers.get(sqlite) ?? null;
    if (!stamper) {
      stamper = {
        sqlite,
        counter: writeCounter(sqlite),
        version: sqlite.prepare('PRAGMA data_version').pluck(),
        changes: sqlite.prepare('SELECT total_changes()').pluck(),
        lastVersion: undefined,
        lastChanges: undefined,
        checkedAt: Number.NEGATIVE_INFINITY,
        generation: 0,
      };
      stampers.set(sqlite, stamper);
    }
  }
  lastDb = db;
  lastStamper = stamper;
  return stamper;
}

/** The database's change stamp now, or undefined when answers must not be cached. */
export function changeStamp(db: Db): number | undefined {
  const stamper = stamperOf(db);
  if (!stamper || stamper.sqlite.inTransaction) return undefined;
  // perf_hooks' performance, not the global: that one is a lazy getter, run on every read (issue 48).
  const now = performance.now();
  if (now - stamper.checkedAt >= OTHER_WRITERS_MS) {
    const version = stamper.version.get();
    if (version !== stamper.lastVersion) stamper.generation++;
    stamper.lastVersion = version;
    stamper.checkedAt = now;
  }
  const changes = stamper.counter ? stamper.counter.writes : stamper.changes.get();
  if (changes !== stamper.lastChanges) stamper.generation++;
  stamper.lastChanges = changes;
  return stamper.generation;
}

interface Entry<V> {
  stamp: number;
  until: number;
  value: V;
}

/**
 * A cache of answers by key for one kind of read. `read` gives the answer and the moment it stops
 * being true (Infinity when only a write can change it); the stamp is taken before reading, so a
 * write committed while reading makes the answer stale at once. A kept answer comes back without a
 * promise (the auth hook of every request answers at once then). `fits`, when given, must also
 * accept a kept answer (one kept per key: a part of the question that nearly never changes can be
 * checked there instead of joined into a new key string, hashed on every call).
 */
export function readCache<V>(max = 10_000) {
  const byDb = new WeakMap<Db, Map<string, Entry<V>>>();
  // The last database's entries: one WeakMap lookup fewer per call (see lastDb above).
  let lastDb: Db | undefined;
  let lastEntries: Map<string, Entry<V>> | undefined;
  return function cached(
    db: Db,
    key: string,
    read: () => Promise<{ value: V; until: number }>,
    fits?: (kept: V) => boolean,
  ): V | Promise<V> {
    const stamp = changeStamp(db);
    if (stamp === undefined) return read().then((answer) => answer.value);
    let entries = db === lastDb ? lastEntries : byDb.get(db);
    if (!entries) {
      entries = new Map();
      byDb.set(db, entries);
    }
    lastDb = db;
    lastEntries = entries;
    const hit = entries.get(key);
    if (
      hit &&
      hit.stamp === stamp &&
      (hit.until === Number.POSITIVE_INFINITY || Date.now() < hit.until) &&
      (fits === undefined || fits(hit.value))
    )
      return hit.value;
    const store = entries;
    return read().then(({ value, until }) => {
      if (store.size >= max) store.delete(store.keys().next().value as string);
      store.set(key, { stamp, until, value });
      return value;
    });
  };
}
