import { z } from 'zod';

/** One hot-list entry as clients see it (GET /api/hotspots, topics; the web app's generated types). */
export const hotspotSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    hot: z.string().nullable(),
    url: z.string().nullable(),
    desc: z.string().nullable(),
    platform: z.string(),
    source: z.enum(['feed', 'import']),
  })
  .meta({ id: 'Hotspot' });

export type HotspotView = z.infer<typeof hotspotSchema>;

/** A page of a hot list; `feedError` (translated) says when the feed is unreachable or not configured. */
export const hotspotPageSchema = z
  .object({
    list: z.array(hotspotSchema),
    total: z.number(),
    updateTime: z.number().nullable(),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotPage' });
