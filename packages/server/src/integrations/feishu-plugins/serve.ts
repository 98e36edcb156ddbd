import fs from 'node:fs';
import path from 'node:path';
import { BASE_PATH } from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { addSendStep } from '../../platform/http/send-steps.ts';

/** The Base extensions, one folder each under plugins/ (issue 13; spec 000 §2). */
export const FEISHU_PLUGINS = [
  'auth',
  'audit-text-first',
  'note-import',
  'multi-post',
  'gaoding-pic',
  'xinhong',
  'data-sync',
] as const;
export const FEISHU_PLUGINS_PATH = `${BASE_PATH}/feishu-plugins`;

/**
 * The Feishu and Lark pages that frame Base extensions. CSP wildcards cover the tenants'
 * subdomains (xxx.feishu.cn, xxx.larksuite.com, xxx.larkoffice.com).
 */
export const FEISHU_HOST_ORIGINS = [
  'https://feishu.cn',
  'https://*.feishu.cn',
  'https://*.larkoffice.com',
  'https://larksuite.com',
  'https://*.larksuite.com',
] as const;

/** The frame-ancestors policy of the extension pages: Feishu, Lark and the configured extras. */
export function pluginFramePolicy(extra: string): string {
  const extras = extra
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\/[^\s;,'"]+$/.test(s));
  return `frame-ancestors ${[...FEISHU_HOST_ORIGINS, ...extras].join(' ')}`;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serves each built extension at /productimage/feishu-plugins/<name>/ (the URL a user pastes into
 * Base), with a framing policy that lets only Feishu and Lark frame it. Registered after the embed
 * module so its policy replaces the product pages' one on these paths.
 */
export async function registerFeishuPlugins(app: FastifyInstance, ctx: AppContext) {
  const root = path.resolve(ctx.config.FEISHU_PLUGINS_DIR ?? path.resolve(import.meta.dirname, '../../../../../plugins'));
  const policy = pluginFramePolicy(ctx.config.FEISHU_PLUGIN_FRAME_ANCESTORS);

  const under = `${FEISHU_PLUGINS_PATH}/`;
  addSendStep(app, (request, reply, payload) => {
    if (request.url.startsWith(under)) reply.header('Content-Security-Policy', policy);
    return payload;
  });

  const plugins = app.withTypeProvider<ZodTypeProvider>();
  plugins.get(
    `${FEISHU_PLUGINS_PATH}/:name`,
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    (request, reply) => {
      const { name } = request.params;
      return reply.redirect(`${FEISHU_PLUGINS_PATH}/${encodeURIComponent(name)}/`);
    },
  );

  const fileParams = z.object({ name: z.string(), '*': z.string() });
  plugins.get(`${FEISHU_PLUGINS_PATH}/:name/*`, { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const { name, '*': rest } = request.params;
    if (!(FEISHU_PLUGINS as readonly string[]).includes(name)) return reply.status(404).type('text/plain').send('not found');
    const dist = path.join(root, name, 'dist');
    const index = path.join(dist, 'index.html');
    if (!fs.existsSync(index))
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('This Base extension is not built yet: run `npm start` (it builds it) or `npm run build:plugins`.');
    const relative = decodeURIComponent(rest.split('?')[0] ?? '');
    const file = path.resolve(dist, relative);
    // Only files inside this extension's dist; anything else gets the page (client-side states).
    const inside = file.startsWith(dist + path.sep);
    if (inside && relative.startsWith('assets/')) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return reply.status(404).type('text/plain').send('not found');
      return reply
        .type(TYPES[path.extname(file)] ?? 'application/octet-stream')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file));
    }
    if (inside && relative && relative !== 'index.html') {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile())
        return reply.type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(fs.createReadStream(file));
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await fs.promises.readFile(index));
  });
}
