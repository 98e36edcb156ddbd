import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { UPLOAD_MAX_LABEL as MAX_LABEL, receiveImageUpload } from './receive.ts';

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
      return ok([await receiveImageUpload(ctx, user, request)]);
    },
  );
}
