import type SQLite from 'better-sqlite3';
import { type Db, sqliteHandleOf } from './index.ts';

/**
 * Answers of hot reads kept in memory until the database changes at all (issue 16: GET
 * /api/user/current and the session lookup of every request). On SQLite a stamp of two counters
 * tells, for about a microsecond, whether anything was committed since an answer was read:
 * `PRAGMA data_version` moves when another connection (another process, a script) commits, and
 * `total_changes()` when this connection writes, whoever in this process wrote. Any write anywhere
 * drops every cached answer, so a cached answer is never older than the data; time-bound answers
 * (a session's expiry, points that lapse) also carry the moment they stop being true.
 *
 * Nothing is cached on PostgreSQL (no such counter; other processes write there) or while a
 * transaction is open on the SQLite connection (its writes are not committed yet).
 */

const stampStatements = new WeakMap<SQLite.Database, { version: SQLite.Statement; changes: SQLite.Statement }>();

/** The database's change stamp now, or undefined when answers must not be cached. */
export function changeStamp(db: Db): string | undefined {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || sqlite.inTransaction) return undefined;
  let statements = stampStatements.get(sqlite);
  if (!statements) {
    statements = {
      version: sqlite.prepare('PRAGMA data_version').pluck(),
      changes: sqlite.prepare('SELECT total_changes()').pluck(),
    };
    stampStatements.set(sqlite, statements);
  }
  return `${statements.version.get()}:${statements.changes.get()}`;
}

interface Entry<V> {
  stamp: string;
  until: number;
  value: V;
}

/**
 * A cache of answers by key for one kind of read. `read` gives the answer and the moment it stops
 * being true (Infinity when only a write can change it); the stamp is taken before reading, so a
 * write committed while reading makes the answer stale at once.
 */
export function readCache<V>(max = 10_000) {
  const byDb = new WeakMap<Db, Map<string, Entry<V>>>();
  return async function cached(db: Db, key: string, read: () => Promise<{ value: V; until: number }>): Promise<V> {
    const stamp = changeStamp(db);
    if (stamp === undefined) return (await read()).value;
    let entries = byDb.get(db);
    if (!entries) {
      entries = new Map();
      byDb.set(db, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp && Date.now() < hit.until) return hit.value;
    const { value, until } = await read();
    if (entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { stamp, until, value });
    return value;
  };
}
