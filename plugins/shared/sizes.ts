import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Prints the gzipped JavaScript of every front end after a build, and fails when the Base SDK
 * leaked into the main app or the embed SDK (it must load only in plugin pages). Run by
 * `npm run build:plugins` (and so by `npm start` / `npm test`) and by `npm run bench`.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Strings only the Base SDK bundle carries (its API key prefix and its handshake retry). */
const SDK_MARKERS = ['WidgetBase', 'handshake time out'];

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(dir, f));
}

export function bundleSizes() {
  const targets: Array<[string, string]> = [
    ['web app', 'packages/web/dist'],
    ['embed SDK', 'embed-sdk/dist'],
    ...fs
      .readdirSync(path.join(ROOT, 'plugins'))
      .filter((name) => name !== 'shared' && fs.existsSync(path.join(ROOT, 'plugins', name, 'package.json')))
      .map((name): [string, string] => [`plugin ${name}`, `plugins/${name}/dist`]),
  ];
  return targets.map(([label, dir]) => {
    const files = jsFiles(path.join(ROOT, dir));
    let raw = 0;
    let gzip = 0;
    /** The login modal's chunk (plugins load it only while nobody is logged in). */
    let login = 0;
    let sdk = false;
    for (const file of files) {
      const body = fs.readFileSync(file);
      raw += body.length;
      const zipped = zlib.gzipSync(body).length;
      gzip += zipped;
      if (path.basename(file).startsWith('PluginLogin-')) login += zipped;
      const text = body.toString('utf8');
      if (SDK_MARKERS.every((m) => text.includes(m))) sdk = true;
    }
    return { label, dir, built: files.length > 0, raw, gzip, login, sdk };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Prints the sizes; answers false when the SDK leaked into the web app or the embed SDK. */
export function printBundleSizes(): boolean {
  const sizes = bundleSizes();
  console.log('==> Bundle sizes (all JavaScript, gzipped / raw)');
  for (const s of sizes)
    console.log(
      `  ${s.label.padEnd(26)} ${s.built ? `${kb(s.gzip).padStart(10)} / ${kb(s.raw).padStart(10)}` : '   (not built)'}${s.sdk ? '  includes the Base SDK' : ''}${s.login ? `, login modal ${kb(s.login)} (loaded only to log in)` : ''}`,
    );
  const leaked = sizes.filter((s) => !s.label.startsWith('plugin ') && s.sdk);
  if (leaked.length)
    console.error(`The Base SDK must load only in plugin pages, but it is in: ${leaked.map((s) => s.label).join(', ')}`);
  return leaked.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}` && !printBundleSizes()) process.exit(1);
