import type { TaskStatus } from '@productimage/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { taskApi } from './taskApi.ts';
import { TASK_LIST_KEY } from './useTaskRun.ts';

/** Spec 001 §9: lists load 10 at a time. */
export const TASK_PAGE_SIZE = 10;

/** The user's tasks (optionally of some business types and a status), page by page. */
export function useTaskList(filter: { bizType?: string; status?: TaskStatus | '' }, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...TASK_LIST_KEY, filter.bizType ?? '', filter.status ?? ''],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      taskApi.list({
        bizType: filter.bizType || undefined,
        status: filter.status || undefined,
        pageNum: pageParam,
        pageSize: TASK_PAGE_SIZE,
      }),
    getNextPageParam: (last, pages) => (pages.length * TASK_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
}
