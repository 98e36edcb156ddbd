import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Prints the gzipped JavaScript of every front end after a build, and fails when a Base SDK leaked
 * into the main app or the embed SDK (they must load only in plugin pages), or when a plugin's two
 * host SDKs are not each in a chunk of their own outside the entry (a page loads only the SDK of the
 * host it is in: the extension SDK in a Base extension, the Pack SDK in a Bitable block). Run by
 * `npm run build:plugins` (and so by `npm start` / `npm test`) and by `npm run bench`.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Strings only the Base extension SDK (@lark-base-open/js-sdk) carries: its API key prefix and its handshake retry. */
const SDK_MARKERS = ['WidgetBase', 'handshake time out'];
/** Strings only the Pack SDK (@lark-opdev/block-bitable-api) carries: its host check and its message signature. */
const PACK_MARKERS = ['Block client only running in Block host', 'iframe-block'];

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(dir, f));
}

/** The chunks the page's HTML loads at once (its entry script and module preloads). */
function firstLoad(dir: string): Set<string> {
  const html = path.join(dir, 'index.html');
  if (!fs.existsSync(html)) return new Set();
  const text = fs.readFileSync(html, 'utf8');
  return new Set([...text.matchAll(/(?:src|href)="[^"]*\/([^"/]+\.js)"/g)].map((m) => m[1] as string));
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
    const initial = firstLoad(path.join(ROOT, dir));
    let raw = 0;
    let gzip = 0;
    /** The login modal's chunk (plugins load it only while nobody is logged in). */
    let login = 0;
    /** Each host SDK's chunk, gzipped (0: not in this bundle). */
    let sdkGzip = 0;
    let packGzip = 0;
    let sdk = false;
    let pack = false;
    /** A chunk holding both SDKs, or an SDK in what the page loads at once: a host would fetch the other's SDK. */
    let shared = false;
    for (const file of files) {
      const body = fs.readFileSync(file);
      raw += body.length;
      const zipped = zlib.gzipSync(body).length;
      gzip += zipped;
      if (path.basename(file).startsWith('PluginLogin-')) login += zipped;
      const text = body.toString('utf8');
      const hasSdk = SDK_MARKERS.every((m) => text.includes(m));
      const hasPack = PACK_MARKERS.every((m) => text.includes(m));
      if (hasSdk) {
        sdk = true;
        sdkGzip += zipped;
      }
      if (hasPack) {
        pack = true;
        packGzip += zipped;
      }
      if ((hasSdk && hasPack) || ((hasSdk || hasPack) && initial.has(path.basename(file)))) shared = true;
    }
    return { label, dir, built: files.length > 0, raw, gzip, login, sdk, sdkGzip, pack, packGzip, shared };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Prints the sizes; answers false when an SDK leaked into the web app or the embed SDK, or a plugin loads both. */
export function printBundleSizes(): boolean {
  const sizes = bundleSizes();
  console.log('==> Bundle sizes (all JavaScript, gzipped / raw)');
  for (const s of sizes) {
    const parts = [
      s.sdk ? `extension SDK ${kb(s.sdkGzip)} (loaded only in a Base extension)` : '',
      s.pack ? `Pack SDK ${kb(s.packGzip)} (loaded only in a Bitable block)` : '',
      s.login ? `login modal ${kb(s.login)} (loaded only to log in)` : '',
    ].filter(Boolean);
    console.log(
      `  ${s.label.padEnd(26)} ${s.built ? `${kb(s.gzip).padStart(10)} / ${kb(s.raw).padStart(10)}` : '   (not built)'}${parts.length ? `  ${parts.join(', ')}` : ''}`,
    );
  }
  const leaked = sizes.filter((s) => !s.label.startsWith('plugin ') && (s.sdk || s.pack));
  if (leaked.length)
    console.error(`The Base SDKs must load only in plugin pages, but they are in: ${leaked.map((s) => s.label).join(', ')}`);
  const mixed = sizes.filter((s) => s.label.startsWith('plugin ') && s.shared);
  if (mixed.length)
    console.error(
      `Each host SDK must be a chunk of its own that only its host loads, but not in: ${mixed.map((s) => s.label).join(', ')}`,
    );
  return leaked.length === 0 && mixed.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}` && !printBundleSizes()) process.exit(1);
