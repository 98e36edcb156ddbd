import { OUTPUT_MAX_SIDE, POSTER_LAYOUTS, POSTER_SIZES, type PosterLayout, type PosterParams } from '@productimage/core';
import sharp, { type OverlayOptions } from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import type { Rgba } from '../local/imaging.ts';
import { ASCENT, type FontWeight, measure, textPaths } from './fonts.ts';
import { type Box, layoutBoxes } from './layouts.ts';
import { type FittedText, fitText, PRICE } from './linebreak.ts';

/**
 * Renders one poster: background (colour, scene or the user's picture), an optional text card, the
 * product cutout fitted into its box, then the text as glyph outlines (fonts.ts) at the sizes the
 * line breaker chose. Everything is composed by sharp (libvips); the SVG has no <text>, so rendering
 * does not depend on fonts installed on the machine.
 */
export interface PlacedLine {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

export interface PlacedText {
  role: 'title' | 'subtitle' | 'body';
  box: Box;
  size: number;
  weight: FontWeight;
  truncated: boolean;
  lines: PlacedLine[];
  /** The ink chosen for this text over what is under it (issue 44). */
  ink?: string;
  /** The lowest contrast ratio (WCAG) between the ink and what is under its lines, after any backing. */
  contrast?: number;
}

/** A price or offer drawn on its own colour (issue 44: the price stands out). */
export interface PlacedPrice {
  text: string;
  box: Box;
}

export interface RenderedPoster {
  layout: PosterLayout;
  width: number;
  height: number;
  png: Buffer;
  texts: PlacedText[];
  /** Where the product itself landed (its pixels' box), when there is one. */
  product?: Box;
  prices: PlacedPrice[];
}

interface Look {
  /** SVG drawing the background (used for colour and scene backgrounds). */
  svg: (w: number, h: number) => string;
  ink: string;
  accent: string;
  card: string;
  cardOpacity: number;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const DARK_INK = '#1f2329';
const LIGHT_INK = '#ffffff';

const gradient =
  (from: string, to: string, extra = '') =>
  (w: number, h: number) =>
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${extra}`;

const SCENES: Record<string, Look> = {
  studio: {
    svg: (w, h) =>
      `<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9dde6"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    ink: DARK_INK,
    accent: '#2352d8',
    card: '#ffffff',
    cardOpacity: 0.7,
  },
  sunrise: {
    svg: (w, h) =>
      gradient(
        '#ff9a62',
        '#ff5f8f',
        `<circle cx="${w * 0.85}" cy="${h * 0.12}" r="${w * 0.22}" fill="#fff" opacity="0.18"/>`,
      )(w, h),
    ink: LIGHT_INK,
    accent: '#fff3c4',
    card: '#000000',
    cardOpacity: 0.12,
  },
  mint: {
    svg: (w, h) =>
      gradient(
        '#e6fbf3',
        '#9fe3cb',
        `<circle cx="${w * 0.1}" cy="${h * 0.92}" r="${w * 0.3}" fill="#fff" opacity="0.35"/>`,
      )(w, h),
    ink: DARK_INK,
    accent: '#138a62',
    card: '#ffffff',
    cardOpacity: 0.6,
  },
  night: {
    svg: (w, h) =>
      gradient(
        '#101a3a',
        '#2352d8',
        `<circle cx="${w * 0.8}" cy="${h * 0.2}" r="${w * 0.35}" fill="#fff" opacity="0.06"/>`,
      )(w, h),
    ink: LIGHT_INK,
    accent: '#8fb0ff',
    card: '#000000',
    cardOpacity: 0.25,
  },
  paper: {
    svg: (w, h) =>
      `<rect width="${w}" height="${h}" fill="#fbf6ea"/><rect x="${w * 0.03}" y="${h * 0.02}" width="${w * 0.94}" height="${h * 0.96}" fill="none" stroke="#dec5a4" stroke-width="4"/>`,
    ink: '#3b2f22',
    accent: '#b0793a',
    card: '#ffffff',
    cardOpacity: 0.5,
  },
};

function lookOf(background: PosterParams['background']): Look {
  if (background.kind === 'scene') return SCENES[background.scene] ?? (SCENES.studio as Look);
  if (background.kind === 'colour') {
    const light = luminance(background.colour) > 0.55;
    return {
      svg: (w, h) => `<rect width="${w}" height="${h}" fill="${background.colour}"/>`,
      ink: light ? DARK_INK : LIGHT_INK,
      accent: light ? '#2352d8' : '#ffffff',
      card: light ? '#ffffff' : '#000000',
      cardOpacity: 0.35,
    };
  }
  // The user's own picture: a dark veil and light type keep the text legible on any picture.
  return { svg: () => '', ink: LIGHT_INK, accent: '#ffffff', card: '#000000', cardOpacity: 0.45 };
}

const FONT = {
  title: { weight: 700 as FontWeight, max: 0.095, min: 0.034, lineHeight: 1.22 },
  subtitle: { weight: 700 as FontWeight, max: 0.05, min: 0.026, lineHeight: 1.3 },
  body: { weight: 400 as FontWeight, max: 0.04, min: 0.022, lineHeight: 1.5 },
};

/** Fits and places one text in its box (top-aligned, left or centred). */
export function placeText(
  role: PlacedText['role'],
  text: string,
  box: Box,
  canvasWidth: number,
  align: 'left' | 'center',
): PlacedText {
  const f = FONT[role];
  const fitted: FittedText = fitText(text, box.w, box.h, {
    maxSize: Math.round(f.max * canvasWidth),
    minSize: Math.round(f.min * canvasWidth),
    weight: f.weight,
    lineHeight: f.lineHeight,
  });
  const lines = fitted.lines.map((line, i) => {
    const width = measure(line, fitted.size, f.weight);
    const x = align === 'center' ? box.x + (box.w - width) / 2 : box.x;
    return { text: line, x, baseline: box.y + ASCENT * fitted.size + i * fitted.size * fitted.lineHeight, width };
  });
  return { role, box, size: fitted.size, weight: f.weight, truncated: fitted.truncated, lines };
}

/** The text of a poster as an SVG of glyph outlines (transparent elsewhere). */
export function textLayerSvg(width: number, height: number, texts: PlacedText[], ink: string): string {
  const body = texts
    .flatMap((t) => t.lines.map((l) => textPaths(l.text, l.x, l.baseline, t.size, t.weight, t.ink ?? ink)))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
}

/** Price pill colour: the product's primary blue, white type on it (contrast 6.4:1). */
const PRICE_FILL = '#2352d8';

/** The prices and offers in the placed lines, each with the box a pill behind it takes. */
export function pricesIn(texts: PlacedText[]): PlacedPrice[] {
  const out: PlacedPrice[] = [];
  for (const t of texts)
    for (const l of t.lines)
      for (const m of l.text.matchAll(PRICE)) {
        const before = measure(l.text.slice(0, m.index), t.size, t.weight);
        const w = measure(m[0], t.size, t.weight);
        const pad = t.size * 0.08;
        out.push({
          text: m[0],
          box: { x: l.x + before - pad, y: l.baseline - ASCENT * t.size, w: w + 2 * pad, h: t.size * 1.08 },
        });
      }
  return out;
}

/** WCAG relative luminance of an sRGB colour (0..255 channels). */
export function relativeLuminance(r: number, g: number, b: number): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const hexRgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Text must keep at least this contrast against what is under it (WCAG AA for body text). */
export const MIN_CONTRAST = 4.5;

/**
 * The ink for each text over the picture under it: the luminances under its lines are sampled
 * (the darkest and lightest twentieth), and the ink of the two (dark, light) with the better worst
 * contrast is taken. When even that is under MIN_CONTRAST (type over a busy picture), a backing
 * card of the opposite colour is laid under the text, just opaque enough. Returns the backings' SVG.
 */
function inkText(texts: PlacedText[], raw: Buffer, width: number, height: number, channels: number): string {
  let backing = '';
  for (const t of texts) {
    if (!t.lines.length) continue;
    const lum: number[] = [];
    for (const l of t.lines) {
      const y0 = Math.max(0, Math.floor(l.baseline - ASCENT * t.size));
      const y1 = Math.min(height, Math.ceil(l.baseline + t.size * 0.25));
      const x0 = Math.max(0, Math.floor(l.x));
      const x1 = Math.min(width, Math.ceil(l.x + l.width));
      const step = Math.max(1, Math.floor(t.size / 12));
      for (let y = y0; y < y1; y += step)
        for (let x = x0; x < x1; x += step) {
          const i = (y * width + x) * channels;
          lum.push(relativeLuminance(raw[i]!, raw[i + 1]!, raw[i + 2]!));
        }
    }
    if (!lum.length) continue;
    lum.sort((a, b) => a - b);
    const dark = lum[Math.floor(lum.length * 0.05)]!;
    const light = lum[Math.floor(lum.length * 0.95)]!;
    const worst = (ink: string, lo: number, hi: number) => {
      const l = relativeLuminance(...hexRgb(ink));
      return Math.min(contrastRatio(l, lo), contrastRatio(l, hi));
    };
    const ink = worst(DARK_INK, dark, light) >= worst(LIGHT_INK, dark, light) ? DARK_INK : LIGHT_INK;
    t.ink = ink;
    t.contrast = worst(ink, dark, light);
    if (t.contrast >= MIN_CONTRAST) continue;
    // A backing of the opposite colour: the least opacity that lifts the worst pixel to the minimum.
    const back = ink === DARK_INK ? 1 : 0;
    for (let opacity = 0.1; opacity <= 1.001; opacity += 0.05) {
      const mix = (v: number) => v * (1 - opacity) + back * opacity;
      const c = worst(ink, mix(dark), mix(light));
      if (c >= MIN_CONTRAST || opacity > 0.99) {
        t.contrast = c;
        const pad = t.size * 0.3;
        const x = Math.min(...t.lines.map((l) => l.x)) - pad;
        const y = (t.lines[0]?.baseline ?? 0) - ASCENT * t.size - pad;
        const w = Math.max(...t.lines.map((l) => l.x + l.width)) - x + pad;
        const h = (t.lines.at(-1)?.baseline ?? 0) + t.size * 0.3 - y + pad;
        backing += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${(t.size * 0.3).toFixed(1)}" fill="${back ? '#ffffff' : '#000000'}" opacity="${opacity.toFixed(2)}"/>`;
        break;
      }
    }
  }
  return backing;
}

/**
 * The product for a poster (issue 44: never its photo box): a picture already cut out keeps its own
 * alpha; a photo is cut out by the local cutout (its source shadow removed) and gets a new contact
 * shadow that follows its footprint. Answers the picture and where the product is inside it.
 */
async function posterProduct(
  input: Buffer,
  signal: AbortSignal,
  choices: Pick<PosterParams, 'keep' | 'drop'> = {},
): Promise<{ image: Rgba; product: { left: number; top: number; width: number; height: number } }> {
  const { ownAlpha } = await import('../local/own-alpha.ts');
  const { cutoutRgba } = await import('../local/cutout.ts');
  const { restageShadow } = await import('../local/shadows.ts');
  const own = await ownAlpha(input, OUTPUT_MAX_SIDE);
  const cut = own ?? (await cutoutRgba(input, signal, OUTPUT_MAX_SIDE, true, choices.keep, choices.drop));
  let solid = 0;
  for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]! >= 128) solid++;
  // Nothing to cut (a flat graphic, a swatch): the picture is the product, as it is.
  if (!own && solid < cut.width * cut.height * 0.01) {
    const data = Buffer.from(cut.data);
    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    return {
      image: { width: cut.width, height: cut.height, data },
      product: { left: 0, top: 0, width: cut.width, height: cut.height },
    };
  }
  return restageShadow(cut, { lightFrom: 0, opacity: 0.45 });
}

export interface PosterInputs {
  product?: Buffer;
  background?: Buffer;
}

/**
 * The poster's pixel size: the ratio's size (1080 px wide), or, for a 2K download, scaled so the
 * long side is `longSide`. Boxes and font sizes are fractions of the canvas, so the 2K poster is the
 * same layout drawn with more pixels (glyph outlines and the product at their own resolution).
 */
export function posterSize(ratio: PosterParams['ratio'], longSide?: number): { width: number; height: number } {
  const base = POSTER_SIZES[ratio];
  if (!longSide) return base;
  const k = longSide / Math.max(base.width, base.height);
  return { width: Math.round(base.width * k), height: Math.round(base.height * k) };
}

export async function renderPoster(
  params: PosterParams,
  layout: PosterLayout,
  inputs: PosterInputs,
  longSide?: number,
  signal: AbortSignal = new AbortController().signal,
): Promise<RenderedPoster> {
  const { width, height } = posterSize(params.ratio, longSide);
  const look = lookOf(params.background);
  const boxes = layoutBoxes(layout, width, height, !!inputs.product);
  const texts = [
    placeText('title', params.title, boxes.title, width, boxes.align),
    placeText('subtitle', params.subtitle, boxes.subtitle, width, boxes.align),
    placeText('body', params.body, boxes.body, width, boxes.align),
  ];

  const base = inputs.background
    ? await sharp(inputs.background, USER_IMAGE_INPUT)
        .rotate()
        .resize(width, height, { fit: 'cover' })
        .removeAlpha()
        .png()
        .toBuffer()
    : await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${look.svg(width, height)}</svg>`,
        ),
      )
        .png()
        .toBuffer();

  // Decoration under the product: a veil over the user's picture, the text card, an accent bar.
  const veil = inputs.background ? `<rect width="${width}" height="${height}" fill="#000" opacity="0.28"/>` : '';
  const card = boxes.card
    ? `<rect x="${boxes.card.x}" y="${boxes.card.y}" width="${boxes.card.w}" height="${boxes.card.h}" rx="${Math.round(width * 0.03)}" fill="${look.card}" opacity="${look.cardOpacity}"/>`
    : '';
  const title = texts[0] as PlacedText;
  const barWidth = Math.round(width * 0.08);
  const barX = boxes.align === 'center' ? Math.round((width - barWidth) / 2) : boxes.title.x;
  const bar = `<rect x="${barX}" y="${Math.max(4, boxes.title.y - Math.round(width * 0.025))}" width="${barWidth}" height="${Math.round(width * 0.008)}" rx="4" fill="${look.accent}"/>`;
  const layers: OverlayOptions[] = [
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${veil}${card}${title.lines.length ? bar : ''}</svg>`,
      ),
    },
  ];
  let productBox: Box | undefined;
  if (inputs.product && boxes.product) {
    const p = boxes.product;
    const staged = await posterProduct(inputs.product, signal, params);
    // Scaled by the product itself (not its shadow) to fit the box, centred, standing on the box's floor.
    const k = Math.min(p.w / staged.product.width, (p.h * 0.92) / staged.product.height);
    const img = await sharp(staged.image.data, { raw: { width: staged.image.width, height: staged.image.height, channels: 4 } })
      .resize(Math.max(1, Math.round(staged.image.width * k)), Math.max(1, Math.round(staged.image.height * k)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pw = Math.round(staged.product.width * k);
    const ph = Math.round(staged.product.height * k);
    const left = p.x + Math.round((p.w - pw) / 2) - Math.round(staged.product.left * k);
    const top = p.y + Math.round((p.h - ph) / 2) - Math.round(staged.product.top * k);
    productBox = { x: left + Math.round(staged.product.left * k), y: top + Math.round(staged.product.top * k), w: pw, h: ph };
    // The shadow may reach past the product; it is clipped to the product's box, so it is never under text.
    const x0 = Math.max(p.x, left);
    const y0 = Math.max(p.y, top);
    const x1 = Math.min(p.x + p.w, left + img.info.width);
    const y1 = Math.min(p.y + p.h, top + img.info.height);
    if (x1 > x0 && y1 > y0) {
      const part = await sharp(img.data, { raw: { width: img.info.width, height: img.info.height, channels: 4 } })
        .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
        .png()
        .toBuffer();
      layers.push({ input: part, left: x0, top: y0 });
    }
  }
  // The ink of each text over what is now under it, with a backing where no ink reaches 4.5:1.
  const under = await sharp(base).composite(layers).raw().toBuffer({ resolveWithObject: true });
  const backing = inkText(texts, under.data, width, height, under.info.channels);
  const prices = pricesIn(texts);
  const pills = prices
    .map(
      (pr) =>
        `<rect x="${pr.box.x.toFixed(1)}" y="${pr.box.y.toFixed(1)}" width="${pr.box.w.toFixed(1)}" height="${pr.box.h.toFixed(1)}" rx="${(pr.box.h * 0.22).toFixed(1)}" fill="${PRICE_FILL}"/>`,
    )
    .join('');
  if (backing || pills)
    layers.push({
      input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${backing}${pills}</svg>`),
    });
  layers.push({ input: Buffer.from(textLayerSvg(width, height, texts, look.ink)) });
  // Prices again on their pills, in white.
  if (prices.length) {
    const priceTexts = texts.flatMap((t) =>
      t.lines.flatMap((l) =>
        [...l.text.matchAll(PRICE)].map((m) =>
          textPaths(m[0], l.x + measure(l.text.slice(0, m.index), t.size, t.weight), l.baseline, t.size, t.weight, LIGHT_INK),
        ),
      ),
    );
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${priceTexts.join('')}</svg>`,
      ),
    });
  }
  const png = await sharp(base).composite(layers).png({ compressionLevel: 6 }).toBuffer();
  return { layout, width, height, png, texts, product: productBox, prices };
}

/**
 * The product's floor shadow: an ellipse under the product's foot, as wide as most of the product,
 * kept inside the product's box (layouts keep that box clear of every text box), so a shadow and
 * a line of text never overlap.
 */
export function shadowBox(product: Box, left: number, bottom: number, productWidth: number): Box {
  const h = Math.max(4, Math.round(product.h * 0.06));
  const w = Math.round(productWidth * 0.8);
  const y = Math.min(bottom - h / 2, product.y + product.h - h);
  return { x: Math.round(left + (productWidth - w) / 2), y: Math.round(y), w, h };
}

/** The layouts of a request: the first `count` of the list, starting at a rotation. */
export const layoutsFor = (count: number, start = 0): PosterLayout[] =>
  Array.from({ length: count }, (_, i) => POSTER_LAYOUTS[(start + i) % POSTER_LAYOUTS.length] as PosterLayout);
