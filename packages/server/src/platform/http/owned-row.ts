import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/index.ts';
import { AppError } from './errors.ts';

/** The tables whose rows carry an `id`. */
export type TableWithId = { [T in keyof Database]: 'id' extends keyof Database[T] ? T : never }[keyof Database];

type Row<T extends TableWithId> = Selectable<Database[T]>;

/**
 * Where a row must stand to be the caller's: its owner columns (`user_id`, `tenant_id`, or a parent's
 * id such as `batch_id`) and any other column that must match (`deleted_at: null`, which is IS NULL).
 */
export type Scope<T extends TableWithId> = Partial<Row<T>>;

// The generic table name defeats Kysely's per-table column types, so the query is built on a loose
// view of the database; the arguments and the answer keep the table's own types.
type AnyDatabase = Record<string, Record<string, unknown>>;

/**
 * The row `id` of `table` within `scope`, or the not-found error: another user's or tenant's row is
 * as absent as a missing one. The call stands in the domain that owns the table (check:circles reads
 * `ownedRow(db, 'table', …)` as that domain's use); `db` may be a transaction. `columns` reads only
 * those (a row with a large text column need not carry it to answer "is it yours").
 */
export async function ownedRow<T extends TableWithId, C extends keyof Row<T> & string = keyof Row<T> & string>(
  db: Kysely<Database>,
  table: T,
  id: Row<T>['id' & keyof Row<T>],
  scope: Scope<T>,
  columns?: readonly C[],
): Promise<Pick<Row<T>, C>> {
  const where = Object.entries(scope);
  // A scope that names no owner, or a column with no value, would widen the read: a bug, not a 404.
  if (!where.length || where.some(([, value]) => value === undefined))
    throw new Error(`ownedRow(${table}): every scope column needs a value`);
  const from = (db as unknown as Kysely<AnyDatabase>).selectFrom(table as string);
  let query: SelectQueryBuilder<AnyDatabase, string, object> = columns ? from.select(columns) : from.selectAll();
  query = query.where('id', '=', id);
  for (const [column, value] of where) query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row as Pick<Row<T>, C>;
}
