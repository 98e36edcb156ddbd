import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';

/** A page of a list: pageNum counts from 1. */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** The paging query of every list route: pageNum from 1, pageSize up to `max` (default `size`). */
export function pagingQuery(size = 10, max = 100) {
  return z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(max).default(size),
  });
}

/** Restricts a query to one page of rows. */
export function pageWindow<Q extends { limit(n: number): Q; offset(n: number): Q }>(query: Q, page: Paging): Q {
  return query.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
}

/**
 * One page of a list and the size of the whole list, from one filtered query: `base` holds the
 * filters (where, joins); `rowsOf` adds what the rows select and their order. The page and the
 * count run together; the count comes back as a number on SQLite and PostgreSQL alike.
 */
export async function listPage<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  page: Paging,
  rowsOf: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<{ rows: R[]; total: number }> {
  const counted = base as unknown as SelectQueryBuilder<DB, TB, Record<string, never>>;
  const [rows, count] = await Promise.all([
    pageWindow(rowsOf(base), page).execute(),
    counted.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as R[], total: Number(count.total) };
}
