import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Serves the built web app at /productimage/ (client-side routes fall back to index.html) and
 * redirects / there. Without a build it says how to make one instead of failing silently.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.get(`${BASE_PATH}/*`, { schema: { hide: true } }, (_req, reply) =>
      reply
        .type('text/plain')
        .status(503)
        .send('The web app is not built yet: run `npm start` (it builds it) or `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: `${BASE_PATH}/`,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br/.gz copies (packages/web/vite-precompress.ts): sent as they are.
    preCompressed: true,
    // Hashed file names change with their content: cached for good. Everything else is revalidated.
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  app.get(`${BASE_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
    // Hashed assets that do not exist are real 404s; every other path is a client-side route.
    if (request.url.startsWith(`${BASE_PATH}/assets/`)) return reply.status(404).send('not found');
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
  app.get(BASE_PATH, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
}
