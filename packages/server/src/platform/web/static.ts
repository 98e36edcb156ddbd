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
  // The plugin only sends files (reply.sendFile: pre-compressed copies, ranges, ETags, the headers
  // below); this app's one route picks them. With `wildcard: false` it added a GET and HEAD route per
  // built file (about 1,000): most of a second of CPU at every server start (issue 27).
  await app.register(fastifyStatic, {
    root: config.webDist,
    serve: false,
    // The build writes .br/.gz copies (packages/web/vite-precompress.ts): sent as they are.
    preCompressed: true,
    // Hashed file names change with their content: cached for good. Everything else is revalidated.
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    },
  });
  // The files of the build as it is now (as the plugin globbed them): only these are ever sent.
  const files = builtFiles(config.webDist);
  const html = fs.readFileSync(index, 'utf8');
  app.get(`${BASE_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'] || 'index.html';
    if (files.has(file)) return reply.sendFile(file);
    // Hashed assets that do not exist are real 404s; every other path is a client-side route.
    if (request.url.startsWith(`${BASE_PATH}/assets/`)) return reply.status(404).send('not found');
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
  app.get(BASE_PATH, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
}

/** The built files under `dir` as URL paths (`assets/index-abc.js`), dot files left out. */
function builtFiles(dir: string): Set<string> {
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((file) => !file.split('/').some((part) => part.startsWith('.'))),
  );
}
