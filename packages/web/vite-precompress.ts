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
      console.log(`first load of the home page: ${scripts.length} JS files, ${(gz / 1024).toFixed(1)} KB gzipped (goal 200 KB)`);
    },
  };
}
