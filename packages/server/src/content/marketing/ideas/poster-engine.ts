import { type IdeaPictureParams, MKT_IDEA_PICTURE, OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import { CLOSING, tokenize } from '../../../engines/poster/linebreak.ts';
import { checkAborted, type Engine, type EngineOutput } from '../../../engines/types.ts';
import { USER_IMAGE_INPUT } from '../../../platform/sandbox/limits.ts';

/**
 * `poster`: a local picture engine for ideas and content results. It lays the title and text out
 * over a colour background (one of a few palettes, picked by the title so a re-run looks the same)
 * as SVG and renders it with sharp; a real engine, not a generated image. When the user gave a
 * product picture (the task's one optional input), the product is cut out locally (the cutout
 * engine's model; a picture that is already cut keeps its own alpha) and composed into its own box
 * beside the text, with a floor shadow inside that box: text and product never overlap (issue 30).
 * Drawn at 1024 px; a 2K download draws the same picture again at 2048 px (EngineJob.render).
 */
const SIZE = 1024;
const PALETTES = [
  ['#2352d8', '#6a8cf0', '#ffffff'],
  ['#f5a623', '#f8d06b', '#2b2b2b'],
  ['#16a085', '#7fd1b9', '#ffffff'],
  ['#c0392b', '#ef8a7e', '#ffffff'],
  ['#2c3e50', '#5d7a99', '#ffffff'],
];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const units = (s: string) => [...s].reduce((n, ch) => n + (/[\u2E80-\uFFFF]/.test(ch) ? 2 : 1), 0);

/**
 * Breaks text into lines of at most `width` units (a CJK character counts 2, others 1) with the
 * posters' rules (engines/poster/linebreak.ts): words, prices and numbers with their units are never
 * split, closing punctuation never starts a line; text beyond `maxLines` ends the last line with "…".
 */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokenize(text.replace(/\s+/g, ' ').trim())) {
    const candidate = line ? `${line}${token.space ? ' ' : ''}${token.text}` : token.text;
    if (units(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // Only a token wider than a whole line is cut, by characters; closing punctuation still never
    // starts a line (no "。" alone): the character before it goes down with it.
    for (const ch of token.text) {
      if (line && units(line + ch) > width) {
        const kept = [...line];
        const carry = CLOSING.has(ch) && kept.length > 1 ? (kept.pop() as string) : '';
        lines.push(kept.join(''));
        line = carry;
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const chars = [...(kept[maxLines - 1] as string)];
  while (chars.length && units(`${chars.join('')}…`) > width) chars.pop();
  // The ellipsis replaces a trailing comma or stop rather than following it.
  while (chars.length && /[，。、；：,.;:!?！？\s]/u.test(chars[chars.length - 1]!)) chars.pop();
  kept[maxLines - 1] = `${chars.join('')}…`;
  return kept;
}

/** Where things go on the 1024 px canvas: text lines and, with a product, the product's box. */
export interface IdeaLayout {
  title: string[];
  body: string[];
  /** Baseline of the first title line; lines are TITLE_LINE apart. */
  titleTop: number;
  /** Baseline of the first body line; lines are BODY_LINE apart. */
  bodyTop: number;
  /** Text boxes (x, y, w, h) as drawn: each line's full advance width and its font's ascent to descent. */
  textBoxes: Box[];
  /** The product's box (product and its floor shadow stay inside), when there is a product. */
  product: Box | null;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const LEFT = 96;
const TITLE_SIZE = 76;
const TITLE_LINE = 92;
const BODY_SIZE = 36;
const BODY_LINE = 52;
/** Width of one unit (half a CJK character) at each font size. */
const unitPx = (fontSize: number) => fontSize / 2;

/**
 * The layout: the title across the top; without a product the body below it in the full width;
 * with a product the body in the left column (20 units) and the product in the right column.
 */
export function ideaLayout(p: IdeaPictureParams, withProduct: boolean): IdeaLayout {
  const title = wrap(p.title, 16, withProduct ? 2 : 3);
  const bodyWidth = withProduct ? 20 : 30;
  const body = wrap(p.content, bodyWidth, withProduct ? 8 : 9);
  const titleTop = 260;
  const bodyTop = titleTop + title.length * TITLE_LINE + 40;
  const textBoxes: Box[] = [
    ...title.map((l, i) => ({
      x: LEFT,
      y: titleTop + i * TITLE_LINE - Math.round(TITLE_SIZE * 0.88),
      w: Math.ceil(units(l) * unitPx(TITLE_SIZE)),
      h: Math.round(TITLE_SIZE * 1.12),
    })),
    ...body.map((l, i) => ({
      x: LEFT,
      y: bodyTop + i * BODY_LINE - Math.round(BODY_SIZE * 0.88),
      w: Math.ceil(units(l) * unitPx(BODY_SIZE)),
      h: Math.round(BODY_SIZE * 1.12),
    })),
  ];
  let product: Box | null = null;
  if (withProduct) {
    const top = titleTop + (title.length - 1) * TITLE_LINE + 48;
    const x = LEFT + bodyWidth * unitPx(BODY_SIZE) + 40;
    product = { x, y: top, w: SIZE - 56 - x, h: SIZE - 56 - top };
  }
  return { title, body, titleTop, bodyTop, textBoxes, product };
}

/** The picture as SVG (without the product, which is composed over it), drawn at `side` px. */
export function posterSvg(p: IdeaPictureParams, options: { withProduct?: boolean; side?: number } = {}): string {
  const hash = [...p.title].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0, 7);
  const [from, to, ink] = PALETTES[hash % PALETTES.length] as [string, string, string];
  const layout = ideaLayout(p, !!options.withProduct);
  const side = options.side ?? SIZE;
  const titleTspans = layout.title
    .map((l, i) => `<tspan x="${LEFT}" dy="${i ? TITLE_LINE : 0}">${escapeXml(l)}</tspan>`)
    .join('');
  const bodyTspans = layout.body.map((l, i) => `<tspan x="${LEFT}" dy="${i ? BODY_LINE : 0}">${escapeXml(l)}</tspan>`).join('');
  // A soft light panel behind the product, inside its box.
  const panel = layout.product
    ? `<rect x="${layout.product.x}" y="${layout.product.y}" width="${layout.product.w}" height="${layout.product.h}" rx="36" fill="#ffffff" opacity="0.22"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${SIZE - 140}" cy="150" r="220" fill="${ink}" opacity="0.08"/>
  <circle cx="120" cy="${SIZE - 90}" r="160" fill="${ink}" opacity="0.06"/>
  ${panel}
  <rect x="${LEFT}" y="150" width="96" height="10" rx="5" fill="${ink}" opacity="0.8"/>
  <text x="${LEFT}" y="${layout.titleTop}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-size="${TITLE_SIZE}" font-weight="700" fill="${ink}">${titleTspans}</text>
  <text x="${LEFT}" y="${layout.bodyTop}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-size="${BODY_SIZE}" fill="${ink}" opacity="0.92">${bodyTspans}</text>
</svg>`;
}

/**
 * The product cut out, trimmed to its visible pixels (PNG with alpha). A picture that is already
 * cut out (a cutout result) keeps its own alpha; any other is cut by the local cutout engine's
 * model (the segmentation is cached per picture, so the platforms of one content request share it).
 */
export async function productCutout(input: Buffer, signal: AbortSignal): Promise<Buffer> {
  const { ownAlpha } = await import('../../../engines/local/own-alpha.ts');
  const { alphaOf, alphaBounds, cropRgba, encodePng } = await import('../../../engines/local/imaging.ts');
  const cut =
    (await ownAlpha(input, SIZE)) ?? (await (await import('../../../engines/local/cutout.ts')).cutoutRgba(input, signal, SIZE));
  checkAborted(signal);
  const bounds = alphaBounds(alphaOf(cut), cut.width, cut.height);
  return encodePng(bounds ? cropRgba(cut, bounds) : cut);
}

/** Where the product sits in its box (fitted inside, centred, standing on the box's floor). */
export interface PlacedProduct {
  left: number;
  top: number;
  width: number;
  height: number;
  shadow: Box;
}

export function placeProduct(box: Box, width: number, height: number): PlacedProduct {
  // Room for the floor shadow under the product's foot, still inside the box.
  const shadowH = Math.max(6, Math.round(box.h * 0.05));
  const k = Math.min((box.w * 0.92) / width, (box.h - shadowH * 1.5) / height);
  const w = Math.max(1, Math.round(width * k));
  const h = Math.max(1, Math.round(height * k));
  const left = box.x + Math.round((box.w - w) / 2);
  const top = box.y + box.h - Math.round(shadowH * 1.5) - h;
  const sw = Math.round(w * 0.8);
  return {
    left,
    top,
    width: w,
    height: h,
    shadow: { x: left + Math.round((w - sw) / 2), y: top + h - Math.round(shadowH / 2), w: sw, h: shadowH },
  };
}

/**
 * The picture as a PNG at `side` px (1024, or 2048 for a 2K download), with the product when a
 * cut product is given (also the automatic picture of each content result, content/task-engines.ts).
 */
export async function posterPng(p: IdeaPictureParams, product?: Buffer, side = SIZE): Promise<Buffer> {
  const svg = posterSvg(p, { withProduct: !!product, side });
  const base = sharp(Buffer.from(svg));
  if (!product) return base.png().toBuffer();
  const box = ideaLayout(p, true).product as Box;
  const meta = await sharp(product, USER_IMAGE_INPUT).metadata();
  const placed = placeProduct(box, meta.width ?? 1, meta.height ?? 1);
  const k = side / SIZE;
  const at = (v: number) => Math.round(v * k);
  const fitted = await sharp(product, USER_IMAGE_INPUT)
    .resize(at(placed.width), at(placed.height), { fit: 'fill' })
    .png()
    .toBuffer();
  const s = placed.shadow;
  const shadow = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${SIZE} ${SIZE}"><defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${s.x + s.w / 2}" cy="${s.y + s.h / 2}" rx="${s.w / 2}" ry="${s.h / 2}" fill="url(#s)"/></svg>`;
  return base
    .composite([{ input: Buffer.from(shadow) }, { input: fitted, left: at(placed.left), top: at(placed.top) }])
    .png()
    .toBuffer();
}

/** An idea picture task: the optional product picture cut out, then the picture drawn. */
export async function ideaPicture(
  params: IdeaPictureParams,
  input: Buffer | undefined,
  signal: AbortSignal,
  side = SIZE,
): Promise<Buffer> {
  const product = input ? await productCutout(input, signal) : undefined;
  checkAborted(signal);
  return posterPng(params, product, side);
}

export function createPosterEngine(): Engine<EngineOutput[]> {
  return {
    name: 'poster',
    bizTypes: [MKT_IDEA_PICTURE],
    // Drawn at 1024 px; a 2K download draws it again at 2048 (vector text, the product's own pixels).
    rendersLarger: [MKT_IDEA_PICTURE],
    async run(job) {
      checkAborted(job.signal);
      const side = job.render ? Math.max(OUTPUT_MAX_SIDE, job.render.longSide) : SIZE;
      const png = await ideaPicture(job.params as IdeaPictureParams, job.inputs[0]?.buffer, job.signal, side);
      job.progress(90);
      checkAborted(job.signal);
      return [{ buffer: png, contentType: 'image/png', type: 'image', ext: 'png' }];
    },
  };
}
