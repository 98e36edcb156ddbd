import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { Database } from './schema.ts';

/**
 * A write transaction that is safe across processes. On SQLite it takes the write lock up front
 * (BEGIN IMMEDIATE) so that a read-then-write never fails half-way when another process writes;
 * on PostgreSQL it is an ordinary transaction (callers lock rows with FOR UPDATE where they need to).
 * Every balance change goes through here together with its cause.
 */
export async function writeTransaction<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      // The connection is used as a transaction: Kysely's Transaction type only adds isTransaction.
      const result = await fn(conn as unknown as Transaction<Database>);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}
