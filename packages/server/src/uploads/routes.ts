import { UPLOAD_MAX_BYTES } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { ApiApp } from '../http/api-app.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { AppError } from '../http/errors.ts';
import { enforce } from '../http/rate-limit.ts';
import { saveUpload, sniffImage } from './service.ts';

/** Uploads per user per minute. */
const UPLOAD_LIMIT: [number, number] = [30, 60];
const MAX_LABEL = `${UPLOAD_MAX_BYTES / 1024 / 1024}MB`;

/** POST /api/upload (API.md): one multipart `file`, an image checked by its content, answered as `[url]`. */
export async function uploadsRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: `Uploads one image (png, jpeg, webp or gif by content, at most ${MAX_LABEL}) as multipart field "file"; answers [url]`,
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.array(z.string())) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `upload:${user.id}`, ...UPLOAD_LIMIT);
      if (!request.isMultipart()) throw new AppError('badRequest');
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== 'file') throw new AppError('badRequest');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('uploadTooLarge', { max: MAX_LABEL });
        throw error;
      }
      if (part.file.truncated) throw new AppError('uploadTooLarge', { max: MAX_LABEL });
      const type = await sniffImage(data);
      if (!type) throw new AppError('uploadTypeInvalid');
      return ok([await saveUpload(ctx, user, data, type)]);
    },
  );
}
