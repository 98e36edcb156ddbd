import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { isProductPage, productPagePolicy } from '../../platform/http/page-policy.ts';
import { addSendStep } from '../../platform/http/send-steps.ts';
import { frameAncestors, frameAncestorsPolicy } from './allow-list.ts';
import { sdkFileReader } from './sdk-file.ts';

/** Public path of the script-tag build (docs/embedding.md). */
/** `?referrer=` of an embedded product page: the partner page that frames it (embed SDK). */
const referrerQuery = z.object({ referrer: z.string().max(2048) });

export const EMBED_SCRIPT_PATH = '/embed/v1/embed.js';

/**
 * Embedding on the server: serves the SDK script to any page, and tells browsers which host pages
 * may frame the product (CSP frame-ancestors on every product page). Registered before the web app
 * so the header hook covers its pages.
 */
export async function registerEmbed(app: FastifyInstance, ctx: AppContext) {
  const dist = ctx.config.EMBED_SDK_DIST ?? path.resolve(import.meta.dirname, '../../../../../embed-sdk/dist');
  const readSdk = sdkFileReader(path.join(path.resolve(dist), 'embed.js'));

  app.get(EMBED_SCRIPT_PATH, { schema: { hide: true } }, (request, reply) => {
    const sdk = readSdk();
    // Any site may load the script (it only talks to allowed origins): open CORS and CORP.
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!sdk)
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The embed SDK is not built yet: run `npm run build -w embed-sdk` (npm start builds it).');
    // The v1 URL is stable across releases: a short freshness with revalidation by ETag.
    reply
      .header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400')
      .header('ETag', sdk.etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === sdk.etag) return reply.status(304).send();
    return reply.type('text/javascript; charset=utf-8').send(sdk.body);
  });

  const pagePolicy = productPagePolicy(ctx.storage.clientOrigin);
  // A step of every answer's way out: all but product pages go on at once (issue 16).
  addSendStep(app, (request, reply, payload) => {
    if (!isProductPage(request) || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    // A hook on every page, not a route: its query is checked here (a missing or odd `referrer` is none).
    const referrer = referrerQuery.safeParse(request.query).data?.referrer ?? null;
    return frameAncestors(ctx, {
      referrer,
      host: request.headers.host ?? null,
      refererHeader: request.headers.referer ?? null,
    }).then((origins) => {
      reply.header('Content-Security-Policy', `${pagePolicy}; ${frameAncestorsPolicy(origins)}`);
      return payload;
    });
  });
}
