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
