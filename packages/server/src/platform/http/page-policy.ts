import { BASE_PATH } from '@productimage/core';
import type { FastifyRequest } from 'fastify';

/**
 * What the web app's pages may load (issue 9: product pages carried only frame-ancestors): its own
 * scripts only (no inline script, no eval), styles of its own plus inline ones (Semi UI sets style
 * attributes), images and media of its own, data/blob URLs (QR codes, previews) and http(s) images
 * (operators' message images), API calls to this origin only, no plugins, no base or form
 * redirection. The embed hook adds frame-ancestors with the partner allow-list (embed/register.ts).
 * A deployment whose files are read from another origin (`fileOrigin`: the S3 bucket's, with
 * presigned URLs; issue 41) lets its videos play and its pictures be fetched (read into a canvas)
 * from there too.
 */
export function productPagePolicy(fileOrigin?: string): string {
  const files = fileOrigin ? ` ${fileOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    `media-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${files}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** A page of the web app (under BASE_PATH), as opposed to the API, files and scripts. */
const PAGES = `${BASE_PATH}/`;
export const isProductPage = (request: FastifyRequest) => request.url === BASE_PATH || request.url.startsWith(PAGES);
