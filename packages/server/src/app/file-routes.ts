import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context.ts';
import { fileSigner } from '../platform/storage/file-urls.ts';
import { checkFileSignature } from '../platform/storage/signed-urls.ts';

/** Whether a stored file still has its record (a shown task output, an upload): else it is gone. */
export type FileRecordCheck = (ctx: AppContext, key: string) => Promise<boolean>;

/**
 * GET /files/<key>?e=<expiry>&s=<signature>: serves stored objects with their stored content type.
 * Registered at the root (not under /api). Only signed, unexpired URLs (storage/file-urls.ts) of
 * files whose record still exists are served: a file of a deleted task, or of a task the history
 * window no longer shows, answers 404 even to an old signed URL. Single byte ranges are honoured so
 * videos can seek.
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext, hasRecord: FileRecordCheck) {
  const files = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    hide: true,
    params: z.object({ '*': z.string() }),
    // `e` expiry (unix seconds) and `s` signature of a signed file URL; checked by checkFileSignature.
    querystring: z.object({ e: z.string().max(20).optional(), s: z.string().max(200).optional() }),
  };
  files.get('/files/*', { schema }, async (request, reply) => {
    const key = request.params['*'];
    const signature = checkFileSignature(fileSigner(ctx), key, request.query);
    if (signature !== 'ok') {
      return reply
        .status(403)
        .header('Cache-Control', 'no-store')
        .type('text/plain')
        .send(signature === 'expired' ? 'link expired' : 'forbidden');
    }
    const object = (await hasRecord(ctx, key)) ? await ctx.storage.get(key) : null;
    if (!object) return reply.status(404).header('Cache-Control', 'no-store').type('text/plain').send('not found');
    reply
      .header('Content-Type', object.contentType)
      // Browsers may keep it until the link expires; shared caches must not (a gone record ends it).
      .header(
        'Cache-Control',
        `private, max-age=${Math.max(0, Number(request.query.e) - Math.floor(Date.now() / 1000))}, immutable`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      // Stored files are data, never pages of this origin: no scripts even if someone stored HTML.
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('Accept-Ranges', 'bytes');
    const range = parseRange(request.headers.range, object.data.length);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${object.data.length}`).send();
    }
    if (range) {
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${object.data.length}`)
        .send(object.data.subarray(range.start, range.end + 1));
    }
    return reply.send(object.data);
  });
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else (multiple ranges) is served whole. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, a = '', b = ''] = match;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
