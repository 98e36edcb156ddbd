import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Which SQL engine a Kysely instance talks to; migrations use it for the few type differences. */
export type DialectName = 'sqlite' | 'postgres';

/** Read from the query adapter, so it also holds for transactions and the migrator's instances. */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Column helpers so migrations read the same on both engines:
 * ids are autoincrement integers (bigserial on PostgreSQL), times are epoch ms (bigint on PostgreSQL,
 * parsed back to numbers), booleans are 0/1 integers.
 */
export function columns(db: Kysely<any>) {
  const pg = dialectOf(db) === 'postgres';
  return {
    autoId<T extends string, C extends string>(tb: CreateTableBuilder<T, C>, name = 'id') {
      return pg
        ? tb.addColumn(name, 'bigserial', (c) => c.primaryKey())
        : tb.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
    },
    /** A bigint on PostgreSQL, integer on SQLite (both 64-bit). */
    bigint: pg ? ('bigint' as const) : ('integer' as const),
  };
}
