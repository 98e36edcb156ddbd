import type SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { sqliteHandleOf } from './index.ts';
import type { Database } from './schema.ts';

/**
 * A query built and compiled by Kysely once per database, then run with new parameters: for the
 * hottest queries (the session lookup and the benefit package of GET /api/user/current, issue 16)
 * building and compiling the query cost more than SQLite running it.
 *
 * `build` gets stand-ins for the named parameters and must use each one as a plain value (a
 * `where` operand, never in `sql` fragments or as an identifier) and always build the same shape:
 * the stand-ins are found again in the compiled parameters and replaced on every call.
 *
 * On SQLite the statement runs on better-sqlite3 directly (synchronously, no Kysely executor in
 * between) unless a transaction is open on the connection: then it goes through Kysely, which waits
 * for that transaction to end, so a direct read never sees another caller's uncommitted writes.
 */
export function compiledQuery<P extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, params: P) => Compilable<R>,
): (db: Kysely<Database>, params: P) => Promise<R[]> {
  const compiled = new WeakMap<
    Kysely<Database>,
    { sql: string; slots: Array<{ key: string } | { value: unknown }>; statement?: SQLite.Statement }
  >();
  return async (db, params) => {
    let entry = compiled.get(db);
    if (!entry) {
      const standIns = Object.fromEntries(Object.keys(params).map((key) => [key, new StandIn(key)])) as unknown as P;
      const query = build(db, standIns).compile();
      entry = {
        sql: query.sql,
        slots: query.parameters.map((p) => (p instanceof StandIn ? { key: p.key } : { value: p })),
        statement: sqliteHandleOf(db)?.prepare(query.sql),
      };
      compiled.set(db, entry);
    }
    const values = entry.slots.map((slot) => ('key' in slot ? params[slot.key] : slot.value));
    if (entry.statement && !entry.statement.database.inTransaction) return entry.statement.all(values) as R[];
    const result = await db.executeQuery<R>(CompiledQuery.raw(entry.sql, values));
    return result.rows;
  };
}

class StandIn {
  constructor(readonly key: string) {}
}
