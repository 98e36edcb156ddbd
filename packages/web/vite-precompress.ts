import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a .br and a .gz copy next to every text asset of the build, once, at build time, so the
 * server sends them as they are (@fastify/static `preCompressed`, server/src/web/static.ts) instead
 * of 1.16 MB of uncompressed JavaScript for the home page (issue 16). Files under 1 KB stay as they
 * are (compression would not pay for the extra header). Prints what the home page's first load
 * weighs gzipped: index.html's entry script and the chunks it preloads.
 */
/**
 * Issue 16's goal for the home page's first load is 200 KB gzipped; it is not reached yet
 * (docs/performance.md), so the build fails above a ceiling just over today's size: a ratchet that
 * stops the first load from growing. Lower it as the first load shrinks, down to GOAL_KB.
 * WEB_FIRST_LOAD_CEILING_KB overrides it for one build.
 */
const GOAL_KB = 200;
const CEILING_KB = Number(process.env.WEB_FIRST_LOAD_CEILING_KB ?? 360);

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'productimage-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const file = path.join(dir, e.name);
          return e.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/(?:src|href)="\/productimage\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
      const gz = scripts.reduce((sum, s) => sum + zlib.gzipSync(fs.readFileSync(path.join(outDir, s))).length, 0);
      const kb = gz / 1024;
      console.log(
        `first load of the home page: ${scripts.length} JS files, ${kb.toFixed(1)} KB gzipped (goal ${GOAL_KB} KB, build fails above ${CEILING_KB} KB)`,
      );
      if (kb > CEILING_KB)
        throw new Error(
          `the home page's first load is ${kb.toFixed(1)} KB gzipped, above the ${CEILING_KB} KB ceiling (docs/performance.md)`,
        );
    },
  };
}
