import type { FastifyInstance } from 'fastify';
import { replyHeaders } from './fastify-internals.ts';
import { isProductPage } from './page-policy.ts';
import { addSendStep } from './send-steps.ts';

/**
 * Headers on every answer: no content sniffing (a JSON or SVG answer is never run as a page), only
 * the origin as referrer to other sites, and HTML pages outside the product (the sandbox pay page)
 * refuse every frame. Product pages get their frame-ancestors allow-list from embed/register.ts, so
 * no X-Frame-Options here: it would override that list in older browsers.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  // The first step of every answer's way out; it has nothing to await. It writes Fastify's headers
  // object directly (names in lower case, as `reply.header` keeps them): `reply.header`, `hasHeader`
  // and `getHeader` lower-case the name on every call, six times per answer here (issue 48).
  addSendStep(app, (request, reply, payload) => {
    const headers = replyHeaders(reply);
    headers['x-content-type-options'] = 'nosniff';
    headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    // API answers are per user (balances, codes' state, orders): never kept by a browser or a proxy
    // unless the route chose a cache (scene pictures, files), on the reply or on the raw response.
    if (request.url.startsWith('/api/') && headers['cache-control'] === undefined && !reply.raw.hasHeader('cache-control'))
      headers['cache-control'] = 'no-store';
    const type = headers['content-type'] ?? reply.raw.getHeader('content-type');
    const html = String(type ?? '').startsWith('text/html');
    if (html && !isProductPage(request) && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "frame-ancestors 'none'");
    return payload;
  });
}
