import { INBOX_PAGE_SIZE, type InboxPage } from '@productimage/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { useSession } from '../accounts/session.ts';

export const INBOX_KEY = ['inbox'] as const;
/** New messages show up without a reload while the tab stays open. */
const REFRESH_MS = 60_000;

/** The first page of the inbox (page size 100) with the unread count; only for logged-in users. */
export function useInbox() {
  const { current } = useSession();
  return useQuery({
    queryKey: [...INBOX_KEY, current?.user.id],
    queryFn: () => api.GET('/api/inbox', { params: { query: { pageNum: 1, pageSize: INBOX_PAGE_SIZE } } }),
    enabled: !!current,
    refetchInterval: REFRESH_MS,
  });
}

/** Marks one message read, updating the list and the badge at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (msgId: string) => api.POST('/api/inbox/{msgId}/read', { params: { path: { msgId: Number(msgId) } } }),
    onMutate: (msgId) => {
      client.setQueriesData<InboxPage>({ queryKey: INBOX_KEY }, (page) =>
        page
          ? {
              ...page,
              list: page.list.map((m) => (m.msgId === msgId ? { ...m, readed: true } : m)),
              unReadMsgCnt: Math.max(0, page.unReadMsgCnt - (page.list.some((m) => m.msgId === msgId && !m.readed) ? 1 : 0)),
            }
          : page,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}

export function useReadAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/inbox/read-all'),
    onSettled: () => client.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}

export function useDeleteAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/api/inbox'),
    onSettled: () => client.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}
