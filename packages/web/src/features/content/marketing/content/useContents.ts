import { useQuery } from '@tanstack/react-query';
import { marketingApi } from '../marketingApi.ts';

/** The user's content tasks (GET /api/content); every page that lists or changes them shares the key. */
export const CONTENTS_KEY = ['marketing', 'contents'];

/** The content tasks, re-read every 2 s while a picture is being made (pictures are tasks of their own). */
export const useContents = () =>
  useQuery({
    queryKey: CONTENTS_KEY,
    queryFn: marketingApi.contents,
    refetchInterval: (q) =>
      q.state.data?.list.some((c) => c.items.some((i) => i.genImages.some((g) => g.status === 'loading'))) ? 2000 : false,
  });
