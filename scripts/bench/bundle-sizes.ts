import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { printBundleSizes } from '../../plugins/shared/sizes.ts';

/**
 * Front-end weight after the last build: the web app, the embed SDK and each Base extension. The
 * Base SDK (about 250 KB gzipped) must appear only in the extensions.
 *
 * `tsx scripts/bench/bundle-sizes.ts --first-load [outDir]` instead builds the web app into outDir
 * (default /tmp/first-load-dist; never packages/web/dist) and prints what the home page's first
 * load holds: each chunk index.html loads or preloads (gzipped), then the modules in them grouped by
 * package and the largest single modules (rendered size before minification, and each module's code
 * gzipped alone, which ranks them; the sum of those overstates the chunk). Issue 16.
 * FIRST_LOAD_DUMP=<file> also writes every module's static importers (<file>) and the first load's
 * modules (<file>.first.json), to trace why a module is in the first load.
 */

interface ModuleSize {
  id: string;
  chunk: string;
  rendered: number;
  gzip: number;
}

function packageOf(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0] as string;
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
    // Semi's big parts get their own line.
    if (name === '@douyinfe/semi-ui-19' || name === '@douyinfe/semi-foundation')
      return `${name}/${rest
        .slice(2, 5)
        .join('/')
        .replace(/\/[^/]*\.[a-z]+$/, '')}`;
    return name;
  }
  const pkg = clean.match(/\/(packages|plugins)\/([^/]+)\/src\/(.*)$/);
  if (pkg) {
    const dir = (pkg[3] as string).split('/');
    return `${pkg[1]}/${pkg[2]}/${dir.length > 1 ? dir.slice(0, dir[0] === 'features' ? 2 : 1).join('/') : dir[0]}`;
  }
  return clean;
}

async function firstLoad(outDir: string) {
  const { build } = await import('vite');
  const modules: ModuleSize[] = [];
  const collect: Plugin = {
    name: 'first-load-modules',
    generateBundle(_options, bundle) {
      if (process.env.FIRST_LOAD_DUMP) {
        const importers: Record<string, string[]> = {};
        for (const id of this.getModuleIds()) importers[id] = [...(this.getModuleInfo(id)?.importers ?? [])];
        fs.writeFileSync(process.env.FIRST_LOAD_DUMP, JSON.stringify(importers));
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(chunk.modules))
          modules.push({
            id,
            chunk: chunk.fileName,
            rendered: m.renderedLength,
            gzip: m.code ? zlib.gzipSync(m.code, { level: 9 }).length : 0,
          });
      }
    },
  };
  const root = path.resolve(import.meta.dirname, '../../packages/web');
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true }, plugins: [collect] });

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const chunks = [...html.matchAll(/(?:src|href)="\/productimage\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  let total = 0;
  console.log('==> Chunks of the first load (gzip -9)');
  const rows = chunks.map((c) => ({ c, gz: zlib.gzipSync(fs.readFileSync(path.join(outDir, c)), { level: 9 }).length }));
  for (const { c, gz } of rows.sort((a, b) => b.gz - a.gz)) {
    total += gz;
    console.log(`  ${kb(gz).padStart(10)}  ${c}`);
  }
  console.log(`  ${kb(total).padStart(10)}  total, ${chunks.length} files`);

  const inFirst = modules.filter((m) => chunks.includes(m.chunk) && m.rendered > 0);
  if (process.env.FIRST_LOAD_DUMP) fs.writeFileSync(`${process.env.FIRST_LOAD_DUMP}.first.json`, JSON.stringify(inFirst));
  const byPackage = new Map<string, { rendered: number; gzip: number; n: number }>();
  for (const m of inFirst) {
    const p = packageOf(m.id);
    const row = byPackage.get(p) ?? { rendered: 0, gzip: 0, n: 0 };
    row.rendered += m.rendered;
    row.gzip += m.gzip;
    row.n++;
    byPackage.set(p, row);
  }
  console.log('==> First-load modules by package (rendered / each module gzipped alone)');
  for (const [p, r] of [...byPackage].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 60))
    console.log(`  ${kb(r.rendered).padStart(10)} ${kb(r.gzip).padStart(10)}  ${String(r.n).padStart(4)}  ${p}`);
  console.log('==> Largest first-load modules');
  for (const m of inFirst.sort((a, b) => b.gzip - a.gzip).slice(0, 40))
    console.log(
      `  ${kb(m.rendered).padStart(10)} ${kb(m.gzip).padStart(10)}  ${m.id.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, 'packages/')}  (${path.basename(m.chunk)})`,
    );
}

const args = process.argv.slice(2);
if (args[0] === '--first-load') await firstLoad(path.resolve(args[1] ?? '/tmp/first-load-dist'));
else if (!printBundleSizes()) process.exit(1);
