import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Fontkit from 'fontkit';
import { requireOnUse } from '../../platform/require-on-use.ts';

/**
 * The posters' type: Noto Sans SC from the npm package @fontsource/noto-sans-sc (installed with the
 * project, so no system font is needed). The package splits the face into subset files (latin,
 * simplified Chinese, and numbered unicode-range slices); a character takes the first subset that has
 * a glyph for it. Text is measured AND drawn from the same glyph outlines (SVG paths), so what the
 * line breaker measured is exactly what is rendered: no font lookup by the SVG renderer, no drift.
 */
export type FontWeight = 400 | 700;

interface Face {
  hasGlyphForCodePoint(cp: number): boolean;
  glyphForCodePoint(cp: number): { advanceWidth: number; path: { toSVG(): string } };
  unitsPerEm: number;
}

const require = createRequire(import.meta.url);
const faces = new Map<FontWeight, Face[]>();

function filesDir(): string {
  return path.join(path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
}

/** The subset files of one weight, the most used first (latin, then Chinese, then the slices). */
function facesOf(weight: FontWeight): Face[] {
  const known = faces.get(weight);
  if (known) return known;
  const dir = filesDir();
  const suffix = `-${weight}-normal.woff2`;
  const names = fs.readdirSync(dir).filter((f) => f.endsWith(suffix));
  const rank = (f: string) =>
    f.includes('-latin-') && !f.includes('-ext-') ? 0 : f.includes('-latin-ext-') ? 1 : f.includes('chinese-simplified') ? 2 : 3;
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
  // fontkit with the first faces, not at start (platform/require-on-use.ts).
  const fontkit = requireOnUse<typeof Fontkit>('fontkit');
  const list = names.map((f) => fontkit.create(fs.readFileSync(path.join(dir, f))) as unknown as Face);
  faces.set(weight, list);
  return list;
}

const FALLBACK_CP = '□'.codePointAt(0) ?? 0x25a1;

/** The subset face holding a glyph for the character (the box glyph's face when none has it). */
function faceFor(cp: number, weight: FontWeight): { face: Face; cp: number } {
  const list = facesOf(weight);
  for (const face of list) if (face.hasGlyphForCodePoint(cp)) return { face, cp };
  for (const face of list) if (face.hasGlyphForCodePoint(FALLBACK_CP)) return { face, cp: FALLBACK_CP };
  return { face: list[0] as Face, cp: 0x3f };
}

const advanceCache = new Map<string, number>();

/** Advance width of one character in em units (1 = the font size). */
export function advance(ch: string, weight: FontWeight): number {
  const key = `${weight}:${ch}`;
  const known = advanceCache.get(key);
  if (known !== undefined) return known;
  const { face, cp } = faceFor(ch.codePointAt(0) ?? 0x20, weight);
  const em = face.glyphForCodePoint(cp).advanceWidth / face.unitsPerEm;
  advanceCache.set(key, em);
  return em;
}

/** Width of a text in pixels at a font size (no kerning: the drawing uses the same advances). */
export function measure(text: string, size: number, weight: FontWeight): number {
  let em = 0;
  for (const ch of text) em += advance(ch, weight);
  return em * size;
}

/** Ascent and descent of the face as fractions of the font size (Noto Sans CJK: 1.16 and 0.288). */
export const ASCENT = 1.16;
export const DESCENT = 0.288;

/**
 * SVG path elements drawing a line of text with its left end at x and its baseline at y. Glyph
 * outlines are in font units with y up; each is placed with a transform that scales and flips it.
 */
export function textPaths(text: string, x: number, baseline: number, size: number, weight: FontWeight, fill: string): string {
  const parts: string[] = [];
  let pen = x;
  for (const ch of text) {
    const { face, cp } = faceFor(ch.codePointAt(0) ?? 0x20, weight);
    const glyph = face.glyphForCodePoint(cp);
    const scale = size / face.unitsPerEm;
    const d = glyph.path.toSVG();
    if (d)
      parts.push(
        `<path transform="translate(${pen.toFixed(2)} ${baseline.toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    pen += advance(ch, weight) * size;
  }
  return `<g fill="${fill}">${parts.join('')}</g>`;
}

/** Loads the faces ahead of the first poster (workers call it at start). */
export function warmFonts(): void {
  facesOf(400);
  facesOf(700);
  measure('海报 Poster', 10, 400);
  measure('海报 Poster', 10, 700);
}
