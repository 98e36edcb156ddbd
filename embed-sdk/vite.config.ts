import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { isolatedDeclarationSync } from 'rolldown/experimental';
import { defineConfig, type Plugin } from 'vite';

/**
 * Two builds of one source (`npm run build -w embed-sdk` runs both):
 * - default: dist/embed.js, ONE self-contained script (IIFE) for the script tag, served by the
 *   product's server at /embed/v1/embed.js;
 * - `--mode esm`: dist/embed.mjs for bundlers (preact and penpal stay imports) and dist/types.
 * Every build prints the gzipped size of its scripts and fails above the budget.
 */
const GZIP_BUDGET_BYTES = 15 * 1024;
const SRC = path.resolve(import.meta.dirname, 'src');
const CORE_SRC = path.resolve(import.meta.dirname, '../packages/core/src');
const CORE_PREFIX = '@productimage/core/';

function sizeBudget(): Plugin {
  return {
    name: 'productimage-size-budget',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const gzipped = zlib.gzipSync(file.code, { level: 9 }).length;
        const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
        console.log(`  ${file.fileName}: ${kb(file.code.length)} raw, ${kb(gzipped)} gzipped (budget ${kb(GZIP_BUDGET_BYTES)})`);
        if (gzipped > GZIP_BUDGET_BYTES)
          this.error(`${file.fileName} is ${kb(gzipped)} gzipped, over the ${kb(GZIP_BUDGET_BYTES)} budget`);
      }
    },
  };
}

/**
 * Declarations for the ES module: isolated declarations (oxc, through rolldown) of the public entry
 * and of every module its declarations import, core's included, with imports rewritten to the
 * emitted files so the package is self-contained.
 */
function declarations(entry: string): Plugin {
  return {
    name: 'productimage-declarations',
    generateBundle() {
      const outOf = (source: string) =>
        source.startsWith(SRC)
          ? path.join('types', path.relative(SRC, source))
          : path.join('types', 'core', path.relative(CORE_SRC, source));
      const pending = [entry];
      const done = new Set<string>();
      while (pending.length) {
        const source = pending.pop() as string;
        if (done.has(source)) continue;
        done.add(source);
        const result = isolatedDeclarationSync(source, fs.readFileSync(source, 'utf8'), { stripInternal: true });
        if (result.errors.length) this.error(`${source}: ${result.errors.map((e) => e.message).join('; ')}`);
        const out = outOf(source).replace(/\.tsx?$/, '.d.ts');
        const code = result.code.replace(
          /(from\s+|import\()(['"])([^'"]+)\2/g,
          (match, lead: string, quote: string, spec: string) => {
            let target: string | null = null;
            if (spec.startsWith('.')) target = path.resolve(path.dirname(source), spec);
            else if (spec.startsWith(CORE_PREFIX)) target = path.join(CORE_SRC, `${spec.slice(CORE_PREFIX.length)}.ts`);
            if (!target) return match;
            pending.push(target);
            let relative = path.relative(path.dirname(out), outOf(target)).replace(/\.tsx?$/, '.js');
            if (!relative.startsWith('.')) relative = `./${relative}`;
            return `${lead}${quote}${relative}${quote}`;
          },
        );
        this.emitFile({ type: 'asset', fileName: out, source: code });
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  const esm = mode === 'esm';
  return {
    plugins: [sizeBudget(), ...(esm ? [declarations(path.join(SRC, 'index.ts'))] : [])],
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: 'dist',
      emptyOutDir: !esm,
      sourcemap: false,
      minify: true,
      target: 'es2020',
      lib: esm
        ? { entry: path.join(SRC, 'index.ts'), formats: ['es'], fileName: () => 'embed.mjs' }
        : { entry: path.join(SRC, 'loader.ts'), formats: ['iife'], name: 'ProductImageEmbed', fileName: () => 'embed.js' },
      rolldownOptions: esm ? { external: [/^preact(\/|$)/, /^penpal$/] } : {},
    },
  };
});
