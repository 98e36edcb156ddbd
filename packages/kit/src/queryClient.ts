import { QueryClient } from '@tanstack/react-query';

/** Server state of a front end: one retry, no refetch on focus (answers change by our own actions). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}
