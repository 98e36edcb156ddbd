/**
 * Makes the home page's before/after pictures at build time (docs/shell.md "Home page"): product
 * photos drawn here with sharp go through the product's own local engine (cutout, product
 * background, background reproduction, QR art), and both sides are written as AVIF and WebP at the
 * size the page shows them, with a manifest the page reads. Nothing is downloaded. The result is
 * cached: a build whose inputs (this file and the engine's sources) did not change skips the work,
 * and a complete set is also kept per stamp in the machine's cache (~/.cache/inspo-showcase), so a
 * fresh clone of the same sources copies it instead of running the engine again (about 30 s of CPU).
 * Usage: tsx scripts/showcase.ts [outDir] (the web build runs it before vite).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BizType, type ShowcaseItem, type ShowcaseManifest, TASK_PARAM_SCHEMAS } from '@productimage/core';
import sharp from 'sharp';
import { createLocalEngine } from '../packages/server/src/engines/local/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'packages/web/public/showcase'));
const engineDir = path.join(root, 'packages/server/src/engines/local');
/** Width of each picture as the home page shows it (2x for sharp phones is the card's CSS width). */
const WIDTH = 480;

/** A product shot on a studio backdrop: a handbag with a strap and a clasp. */
const handbag = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3efe9"/><stop offset="1" stop-color="#dcd5cb"/></linearGradient>
    <linearGradient id="bag" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c97b3c"/><stop offset="0.5" stop-color="#a85a22"/><stop offset="1" stop-color="#6e3510"/></linearGradient>
    <radialGradient id="sh" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1024" height="1024" fill="url(#bg)"/>
  <ellipse cx="512" cy="842" rx="330" ry="42" fill="url(#sh)"/>
  <path d="M370 420 Q370 220 512 220 Q654 220 654 420" fill="none" stroke="#6e3510" stroke-width="34" stroke-linecap="round"/>
  <path d="M232 430 L792 430 L840 800 Q842 840 800 840 L224 840 Q182 840 184 800 Z" fill="url(#bag)"/>
  <path d="M232 430 L792 430 L800 500 L224 500 Z" fill="#8a4519" opacity="0.6"/>
  <rect x="472" y="480" width="80" height="64" rx="10" fill="#e8c66a" stroke="#9a7a22" stroke-width="6"/>
  <path d="M250 800 L774 800" stroke="#e9b98d" stroke-width="6" stroke-dasharray="18 12" opacity="0.7"/>
</svg>`;

/** A second product: a white sneaker with a blue stripe. */
const sneaker = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9edf3"/><stop offset="1" stop-color="#cfd6e0"/></linearGradient>
    <radialGradient id="sh" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1024" height="1024" fill="url(#bg)"/>
  <ellipse cx="520" cy="728" rx="400" ry="40" fill="url(#sh)"/>
  <path d="M140 650 Q130 560 190 520 L420 420 Q470 400 500 430 Q560 500 660 520 L840 560 Q900 580 900 640 L900 690 Q900 720 860 720 L180 720 Q140 720 140 690 Z" fill="#fbfbfb" stroke="#b9c0cc" stroke-width="6"/>
  <path d="M140 660 L900 660 L900 700 Q900 720 860 720 L180 720 Q140 720 140 700 Z" fill="#e7eaef"/>
  <path d="M300 600 Q420 480 600 540" fill="none" stroke="#2352d8" stroke-width="36" stroke-linecap="round"/>
  <path d="M430 440 L470 520 M470 430 L510 505 M510 450 L545 510" stroke="#9aa3b2" stroke-width="10" stroke-linecap="round"/>
</svg>`;

/** Sensor-like noise, so the drawing compresses and segments like a photo. */
async function photo(svg: string, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + (((s >> 16) % 11) - 5)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

interface Example {
  id: string;
  bizType: BizType;
  /** The route whose tool made it (the home page links there while the tool is available). */
  routeId: string;
  params: Record<string, unknown>;
  input?: () => Promise<Buffer>;
}

const EXAMPLES: Example[] = [
  { id: 'cutout', bizType: 'MATTING_IMAGE', routeId: 'aiCutout', params: {}, input: () => photo(handbag, 3) },
  {
    id: 'product-bg',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    routeId: 'productBg',
    params: { reference: 'stone', size: 1024 },
    input: () => photo(sneaker, 5),
  },
  {
    id: 'rewrite-background',
    bizType: 'PRODUCT_REPLACE_IMAGE',
    routeId: 'rewriteBackground',
    params: { reference: 'flower', mode: 'ACCURATE_REPLICATION', size: 1024 },
    input: () => photo(handbag, 9),
  },
  { id: 'qr-art', bizType: 'QR_CODE_ART', routeId: 'aiQrCode', params: { content: 'https://shop.example/spring', topN: 1 } },
];

function inputsStamp(): string {
  const hash = createHash('sha256').update(fs.readFileSync(import.meta.filename));
  for (const file of fs.readdirSync(engineDir).sort())
    if (file.endsWith('.ts') && !file.includes('.test.')) hash.update(fs.readFileSync(path.join(engineDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/** One side of a pair, in both formats, at the page's size; transparent cutouts keep their alpha. */
async function write(name: string, picture: Buffer): Promise<{ width: number; height: number }> {
  const resized = sharp(picture).resize({ width: WIDTH, withoutEnlargement: true });
  const avif = await resized.clone().avif({ quality: 55, effort: 4 }).toBuffer();
  const { data: webp, info } = await resized.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
  fs.writeFileSync(path.join(outDir, `${name}.avif`), avif);
  fs.writeFileSync(path.join(outDir, `${name}.webp`), webp);
  return { width: info.width, height: info.height };
}

/** Runs one example through the engine and writes both sides. */
async function make(engine: ReturnType<typeof createLocalEngine>, example: Example): Promise<ShowcaseItem> {
  const schema = TASK_PARAM_SCHEMAS[example.bizType as keyof typeof TASK_PARAM_SCHEMAS];
  const params = schema.parse(example.params) as Record<string, unknown>;
  const input = example.input ? await example.input() : null;
  const outputs = await engine.run({
    taskId: `showcase-${example.id}`,
    bizType: example.bizType,
    params,
    inputs: input ? [{ buffer: input, contentType: 'image/jpeg' }] : [],
    signal: new AbortController().signal,
    progress: () => {},
  });
  const output = outputs.find((o) => o.type === 'image');
  if (!output) throw new Error('no image made');
  const before = input ? { file: `${example.id}-before`, ...(await write(`${example.id}-before`, input)) } : null;
  const after = { file: `${example.id}-after`, ...(await write(`${example.id}-after`, output.buffer)) };
  return { id: example.id, bizType: example.bizType, routeId: example.routeId, before, after };
}

const manifestPath = path.join(outDir, 'manifest.json');
const stamp = inputsStamp();
const stampOf = (file: string) =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { stamp?: string | null }).stamp : undefined;
/** A complete set made from these same inputs, kept outside the clone (written whole, then renamed). */
const machineCache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'inspo-showcase', stamp);
if (stampOf(manifestPath) === stamp) {
  console.log(`showcase: up to date in ${path.relative(root, outDir)}`);
} else if (stampOf(path.join(machineCache, 'manifest.json')) === stamp) {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.cpSync(machineCache, outDir, { recursive: true });
  console.log(`showcase: copied from ${machineCache} (made earlier from the same sources)`);
} else {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const engine = createLocalEngine();
  const items: ShowcaseItem[] = [];
  for (const example of EXAMPLES) {
    try {
      items.push(await make(engine, example));
      console.log(`showcase: ${example.id} done`);
    } catch (error) {
      // Real or nothing: an example the engine cannot make is left out, the build goes on.
      console.warn(`showcase: ${example.id} left out: ${(error as Error).message}`);
    }
  }
  await engine.close?.();
  // A partial set is not stamped, so the next build tries the missing examples again.
  const complete = items.length === EXAMPLES.length;
  const manifest: ShowcaseManifest = { stamp: complete ? stamp : null, items };
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`showcase: ${items.length} examples written to ${path.relative(root, outDir)}`);
  if (complete) {
    const partial = `${machineCache}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(machineCache), { recursive: true });
      fs.cpSync(outDir, partial, { recursive: true });
      fs.renameSync(partial, machineCache);
    } catch (error) {
      // Another build kept the same set first, or the cache is not writable: nothing is lost.
      console.warn(`showcase: not kept in ${machineCache}: ${(error as Error).message}`);
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
}
