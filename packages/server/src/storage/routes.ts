import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { FILE_CACHE_CONTROL } from './storage.ts';

/**
 * GET /files/<key>: serves stored objects with their stored content type and a long cache.
 * Registered at the root (not under /api). Single byte ranges are honoured so videos can seek.
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = await ctx.storage.get(key);
    if (!object) return reply.status(404).type('text/plain').send('not found');
    reply
      .header('Content-Type', object.contentType)
      .header('Cache-Control', FILE_CACHE_CONTROL)
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
