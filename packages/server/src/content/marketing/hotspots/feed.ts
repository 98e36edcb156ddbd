import { z } from 'zod';
import { fetchWithRetry } from '../../../platform/http/outbound.ts';

/** DailyHotApi's answer (`GET {base}/{route}`): `{ code, name, title, updateTime, data: [...] }`. */
const feedAnswer = z.object({
  code: z.number(),
  updateTime: z.union([z.string(), z.number()]).optional(),
  data: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).optional(),
      title: z.string(),
      desc: z.string().nullish(),
      hot: z.union([z.string(), z.number()]).nullish(),
      url: z.string().nullish(),
      mobileUrl: z.string().nullish(),
      timestamp: z.union([z.string(), z.number()]).nullish(),
      /** The account behind the item, on the routes that name one. */
      author: z.string().nullish(),
    }),
  ),
});

export interface FeedItem {
  title: string;
  desc: string | null;
  hot: string | null;
  url: string | null;
  author: string | null;
}

export class FeedUnreachable extends Error {}

/** Fetches one route of the feed; any failure (network, status, shape) is FeedUnreachable. */
export async function fetchFeed(
  base: string,
  route: string,
  timeoutMs = 10_000,
): Promise<{ updateTime: number; items: FeedItem[] }> {
  let body: unknown;
  try {
    const response = await fetchWithRetry(`${base}/${route}`, { headers: { accept: 'application/json' } }, { timeoutMs });
    if (!response.ok) throw new FeedUnreachable(`feed answered ${response.status}`);
    body = await response.json();
  } catch (err) {
    if (err instanceof FeedUnreachable) throw err;
    throw new FeedUnreachable((err as Error).message);
  }
  const parsed = feedAnswer.safeParse(body);
  if (!parsed.success || parsed.data.code !== 200) throw new FeedUnreachable('the feed answered in an unknown shape');
  const time = parsed.data.updateTime ? new Date(parsed.data.updateTime).getTime() : Number.NaN;
  return {
    updateTime: Number.isFinite(time) ? time : Date.now(),
    items: parsed.data.data
      .filter((item) => item.title.trim())
      .map((item) => ({
        title: item.title.trim().slice(0, 200),
        desc: item.desc?.trim().slice(0, 1000) || null,
        hot: item.hot === null || item.hot === undefined ? null : String(item.hot),
        url: item.url || item.mobileUrl || null,
        author: item.author?.trim().slice(0, 100) || null,
      })),
  };
}
