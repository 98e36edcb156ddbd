import { OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { findOwnPicture } from './inputs.ts';

const THUMB = 96;

const regionView = z.object({
  /** A point inside the region as fractions of the picture: send it in a task's `keep` to keep the region. */
  point: z.tuple([z.number(), z.number()]),
  /** The region's box as fractions of the picture: [left, top, width, height]. */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** Share of the picture, 0..1. */
  share: z.number(),
  /** The region alone on transparency, at most 96 px (PNG data URL). */
  thumbnail: z.string(),
});

/**
 * POST /api/upload/regions (issue 30): what a cut of the picture would leave out beside its main
 * subject (the plants beside a shirt), as one-click choices shown before anything is charged. Free,
 * rate-limited, on the user's own uploads and results; a picture that is already cut out has none.
 */
export async function regionsRoute(app: ApiApp, ctx: AppContext) {
  app.post(
    '/upload/regions',
    {
      schema: {
        tags: ['uploads'],
        summary:
          'The regions a cutout leaves out beside the main subject of one of the caller’s pictures (free; choices for a task’s `keep`)',
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
      const { ownAlpha } = await import('../../engines/local/own-alpha.ts');
      if (await ownAlpha(object.data, OUTPUT_MAX_SIDE)) return ok({ regions: [] });
      const { subjectCut } = await import('../../engines/local/cutout.ts');
      const { cut, others } = await subjectCut(object.data, AbortSignal.timeout(120_000));
      const regions = await Promise.all(
        others.map(async (o) => {
          const rgba = Buffer.from(cut.data);
          for (let i = 0; i < o.alpha.length; i++) rgba[i * 4 + 3] = o.alpha[i]!;
          const png = await sharp(rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
            .extract(o.box)
            .resize(THUMB, THUMB, { fit: 'inside' })
            .png()
            .toBuffer();
          return {
            point: o.point,
            box: [o.box.left / cut.width, o.box.top / cut.height, o.box.width / cut.width, o.box.height / cut.height] as [
              number,
              number,
              number,
              number,
            ],
            share: o.share,
            thumbnail: `data:image/png;base64,${png.toString('base64')}`,
          };
        }),
      );
      return ok({ regions });
    },
  );
}
