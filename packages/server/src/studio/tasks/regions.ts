import { REGIONS_TIMEOUT_MS } from '@productimage/core';
import { z } from 'zod';
import { createRegionFinder, type FoundRegion } from '../../engines/local/region-finder.ts';
import { offLoop } from '../../engines/pool.ts';
import type { Engine, EngineResult } from '../../engines/types.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { findOwnPicture } from './inputs.ts';

/** Compiled (production) or TypeScript sources (development, tests): the pooled module is loaded as this file is. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The region finder in the engine pool, built on first use (one thread, like the local engine's default). */
let pooled: Engine<EngineResult> | null = null;
const regionFinder = () =>
  (pooled ??= offLoop(
    createRegionFinder(),
    { module: new URL(`../../engines/local/region-finder${EXT}`, import.meta.url), factory: 'createRegionFinder' },
    1,
    { first: true },
  ));

/** The regions of one picture, found in the engine pool (the upload call and the batch studio's items). */
export async function findRegions(input: { buffer: Buffer; contentType: string }, signal?: AbortSignal): Promise<FoundRegion[]> {
  const result = await regionFinder().run({
    taskId: 'regions',
    bizType: 'regions',
    params: {},
    inputs: [input],
    signal: signal ?? AbortSignal.timeout(REGIONS_TIMEOUT_MS),
    progress: () => {},
  });
  return (result.data as { regions: FoundRegion[] }).regions;
}

const regionView = z.object({
  /** A point inside the region as fractions of the picture: send it in a task's `keep` to keep the region. */
  point: z.tuple([z.number(), z.number()]),
  /** Kept with the main subject by the cut (send `point` in `drop` to take it out) or left out (send it in `keep`). */
  kept: z.boolean(),
  /** The region's box as fractions of the picture: [left, top, width, height]. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Share of the picture, 0..1. */
  share: z.number(),
  /** The region alone on transparency, at most 96 px (PNG data URL). */
  thumbnail: z.string(),
});

/**
 * POST /api/upload/regions (issue 30): what a cut of the picture would leave out beside its main
 * subject (the plants beside a shirt), and what it keeps beside it (issue 44: a lamp within the
 * shirt's box), as one-click choices shown before anything is charged. Free,
 * rate-limited, on the user's own uploads and results; a picture that is already cut out has none.
 */
export async function regionsRoute(app: ApiApp, ctx: AppContext) {
  app.post(
    '/upload/regions',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'The regions beside the main subject of one of the caller’s pictures that a cutout keeps or leaves out (free; choices for a task’s `keep` and `drop`)',
        security: [{ bearer: [] }],
        body: z.object({ url: z.string().min(1).max(2000) }),
        response: { 200: envelopeOf(z.object({ regions: z.array(regionView) })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `regions:${user.id}`, 20, 60);
      const picture = await findOwnPicture(ctx, user.id, request.body.url);
      const object = picture ? await ctx.storage.get(picture.key) : null;
      if (!object) throw new AppError('taskInputInvalid');
      return ok({ regions: await findRegions({ buffer: object.data, contentType: object.contentType }) });
    },
  );
}
