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

/** Hot-list topics (titles grouped by shared keywords). */
export const hotspotTopicsSchema = z
  .object({
    list: z.array(z.object({ topic: z.string().nullable(), items: z.array(hotspotSchema) })),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotTopics' });

/** Hot words of a list, best first. */
export const hotspotWordsSchema = z
  .object({
    list: z.array(z.object({ word: z.string(), weight: z.number(), count: z.number() })),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotWords' });

/** A hot item read from an import file (not saved yet). */
export const importRowSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
  hot: z.string().optional(),
  desc: z.string().optional(),
  author: z.string().optional(),
});
