import { PLATFORMS, PUBLISHING_STATUSES } from '@productimage/core';
import { z } from 'zod';
import { hotspotSchema } from '../hotspots/schemas.ts';
import { ANGLE_KINDS } from './match.ts';

/** Wire shapes of the marketing plan pages (recommendations, hotspot marketing, publishing plan, publishers). */

const angleSchema = z.object({ kind: z.enum(ANGLE_KINDS), params: z.record(z.string(), z.string()) });

export const recommendationsSchema = z
  .object({
    today: z.string(),
    list: z.array(
      z.object({
        key: z.string(),
        kind: z.enum(['hotspot', 'calendar']),
        title: z.string(),
        score: z.number(),
        platform: z.string().nullable(),
        hot: z.string().nullable(),
        hotspotId: z.string().nullable(),
        calendarDay: z.string().nullable(),
        daysUntil: z.number().nullable(),
        goodsId: z.string().nullable(),
        productName: z.string().nullable(),
        productInfo: z.string().nullable(),
        personaName: z.string().nullable(),
        sharedWords: z.array(z.string()),
        angle: angleSchema.nullable(),
      }),
    ),
    products: z.number(),
    personas: z.number(),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'Recommendations' });

export const hotspotMatchesSchema = z
  .object({
    list: z.array(z.object({ hotspot: hotspotSchema, fit: z.number(), productName: z.string().nullable() })),
    selected: z
      .object({
        hotspot: hotspotSchema,
        personaName: z.string().nullable(),
        matches: z.array(
          z.object({
            goodsId: z.string(),
            productName: z.string(),
            productInfo: z.string(),
            fit: z.number(),
            sharedWords: z.array(z.string()),
            angles: z.array(angleSchema),
          }),
        ),
      })
      .nullable(),
    products: z.number(),
    personas: z.number(),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotMatches' });

export const publishingPostSchema = z
  .object({
    postId: z.number(),
    platform: z.enum(PLATFORMS),
    day: z.string(),
    time: z.string(),
    title: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    status: z.enum(PUBLISHING_STATUSES),
    remindAt: z.number().nullable(),
    reminded: z.boolean(),
    contentId: z.string().nullable(),
    updatedAt: z.number(),
  })
  .meta({ id: 'PublishingPost' });

export const publishingPlanSchema = z.object({ list: z.array(publishingPostSchema) }).meta({ id: 'PublishingPlan' });

export const hotspotPublishersSchema = z
  .object({
    days: z.array(z.string()),
    list: z.array(
      z.object({
        author: z.string(),
        daysOnList: z.number(),
        appearances: z.number(),
        bestRank: z.number(),
        title: z.string(),
        hot: z.string().nullable(),
        lastDay: z.string(),
        trend: z.array(z.number()),
      }),
    ),
    /** Whether this platform's shared feed names accounts (douyin and weibo do not). */
    feedNamesAccounts: z.boolean(),
  })
  .meta({ id: 'HotspotPublishers' });
