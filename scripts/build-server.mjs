// Builds the server (and the core package it imports) to plain JavaScript, so production runs on
// `node` alone with no TypeScript loader: packages/{core,server}/dist mirror src/ file for file
// (same folder depth, so paths computed from import.meta.dirname hold), and non-TypeScript files
// beside the sources (prompts, scenes, models' settings) are copied along.
// Type checking is `npm run lint`'s job; this only transpiles (--noCheck), file by file: with
// isolatedModules every file's JavaScript follows from its own text, so --noResolve (no imported
// package's types read) writes the same files byte for byte, with 40 % less CPU (docs/testing.md).
// Then the two entry points, dist/app/index.js (API) and dist/app/worker.js, are replaced by one
// bundle each (below); the file-for-file modules stay for the engine pool's and the sandbox's threads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/.bin/tsc');

function copyAssets(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyAssets(source, target);
    else if (!/\.(ts|tsx)$/.test(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
    }
  }
}

/**
 * Packages left out of the bundles, loaded by Node as before: native addons, and packages that find
 * files beside their own code (__dirname, import.meta): pino's transports run its files in threads,
 * swagger reads its package.json and serves the UI's files, svg-captcha reads its fonts, the ffmpeg
 * installer finds its binary's package, pg may load pg-native by a computed name. Packages our code
 * loads on first use (`await import('x')`, requireOnUse) stay out too, so a start never parses them.
 */
const EXTERNAL = [
  'sharp',
  'onnxruntime-node',
  'better-sqlite3',
  '@node-rs/jieba',
  'pino',
  'thread-stream',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'svg-captcha',
  '@ffmpeg-installer/ffmpeg',
  'pg',
];

/**
 * A start of the built server read about 1,800 modules (ours file for file, the packages' ESM and
 * CommonJS files), most of its CPU to LISTENING went to finding, reading and linking them: one file
 * per entry point starts with about 40 % less CPU (docs/testing.md, "Server starts: one bundle per entry point").
 * Our modules' `import.meta.url` and `import.meta.dirname` are rewritten to their own file's place
 * in dist, so prompts, workflows, the pool's and the sandbox's threads are found as before.
 */
async function bundleEntryPoints() {
  const serverDist = path.join(root, 'packages/server/dist');
  const outdir = path.join(serverDist, 'app');
  const ours = ['server', 'core'].map((pkg) => fs.realpathSync(path.join(root, 'packages', pkg, 'dist')) + path.sep);
  const packageOf = (spec) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  const result = await build({
    entryPoints: [path.join(outdir, 'index.js'), path.join(outdir, 'worker.js')],
    outdir,
    absWorkingDir: root,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['compiled'],
    sourcemap: true,
    sourcesContent: false,
    write: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // CommonJS packages inside an ES module bundle still call require (for Node's own modules).
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'server-bundle',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || args.path.startsWith('@productimage/')) return undefined;
            if (EXTERNAL.includes(packageOf(args.path)) || args.kind === 'dynamic-import') return { external: true };
            return undefined;
          });
          b.onLoad({ filter: /\.js$/ }, async (args) => {
            const file = fs.realpathSync(args.path);
            if (!ours.some((dir) => file.startsWith(dir))) return undefined;
            let text = await fs.promises.readFile(file, 'utf8');
            if (text.includes('import.meta')) {
              const rel = path.relative(outdir, file).split(path.sep).join('/');
              const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
              text = `import * as __bundlePath from 'node:path'; import * as __bundleUrl from 'node:url';\n${text
                .replaceAll('import.meta.url', url)
                .replaceAll('import.meta.dirname', `__bundlePath.dirname(__bundleUrl.fileURLToPath(${url}))`)}`;
            }
            return { contents: text, loader: 'js', resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
  // A package that finds files beside its code would look beside the bundle instead: it must be in EXTERNAL.
  const misplaced = Object.keys(result.metafile.inputs).filter(
    (input) =>
      input.includes('node_modules/') &&
      /__dirname|__filename|require\.resolve|import\.meta/.test(fs.readFileSync(path.join(root, input), 'utf8')),
  );
  if (misplaced.length) throw new Error(`build-server: add their packages to EXTERNAL:\n${misplaced.join('\n')}`);
  for (const file of result.outputFiles) fs.writeFileSync(file.path, file.contents);
}

for (const pkg of ['core', 'server']) {
  const dir = path.join(root, 'packages', pkg);
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  execFileSync(tsc, ['-p', path.join(dir, 'tsconfig.build.json'), '--noResolve'], { stdio: 'inherit' });
  copyAssets(path.join(dir, 'src'), path.join(dir, 'dist'));
}
await bundleEntryPoints();
console.log('server built: packages/server/dist (run with `node --conditions=compiled packages/server/dist/app/index.js`)');
