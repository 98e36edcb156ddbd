import type { FastifyInstance } from 'fastify';
import { isProductPage } from './page-policy.ts';
import { addSendStep } from './send-steps.ts';

/**
 * Headers on every answer: no content sniffing (a JSON or SVG answer is never run as a page), only
 * the origin as referrer to other sites, and HTML pages outside the product (the sandbox pay page)
 * refuse every frame. Product pages get their frame-ancestors allow-list from embed/register.ts, so
 * no X-Frame-Options here: it would override that list in older browsers.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  // The first step of every answer's way out; it has nothing to await.
  // Names in lower case, as Fastify sends them anyway: it lowercases every name it is given.
  addSendStep(app, (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // API answers are per user (balances, codes' state, orders): never kept by a browser or a proxy
    // unless the route chose a cache (scene pictures, files).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (html && !isProductPage(request) && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "frame-ancestors 'none'");
    return payload;
  });
}
