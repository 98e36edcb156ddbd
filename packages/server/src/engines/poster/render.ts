import { POSTER_LAYOUTS, POSTER_SIZES, type PosterLayout, type PosterParams } from '@productimage/core';
import sharp, { type OverlayOptions } from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { ASCENT, type FontWeight, measure, textPaths } from './fonts.ts';
import { type Box, layoutBoxes } from './layouts.ts';
import { type FittedText, fitText } from './linebreak.ts';

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
}

export interface RenderedPoster {
  layout: PosterLayout;
  width: number;
  height: number;
  png: Buffer;
  texts: PlacedText[];
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
  const body = texts.flatMap((t) => t.lines.map((l) => textPaths(l.text, l.x, l.baseline, t.size, t.weight, ink))).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
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
  if (inputs.product && boxes.product) {
    const p = boxes.product;
    const fitted = await sharp(inputs.product, USER_IMAGE_INPUT)
      .rotate()
      .resize(p.w, p.h, { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const left = p.x + Math.round((p.w - fitted.info.width) / 2);
    const top = p.y + Math.round((p.h - fitted.info.height) / 2);
    // The floor shadow sits under the product, inside the product's box: never under any text.
    const shadow = shadowBox(p, left, top + fitted.info.height, fitted.info.width);
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${shadow.x + shadow.w / 2}" cy="${shadow.y + shadow.h / 2}" rx="${shadow.w / 2}" ry="${shadow.h / 2}" fill="url(#s)"/></svg>`,
      ),
    });
    layers.push({ input: fitted.data, left, top });
  }
  layers.push({ input: Buffer.from(textLayerSvg(width, height, texts, look.ink)) });
  const png = await sharp(base).composite(layers).png({ compressionLevel: 6 }).toBuffer();
  return { layout, width, height, png, texts };
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
