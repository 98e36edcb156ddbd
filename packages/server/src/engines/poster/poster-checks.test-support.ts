import type { PosterParams } from '@productimage/core';
import { PRICE, tokenize } from './linebreak.ts';
import { MIN_CONTRAST, type RenderedPoster } from './render.ts';

/** What a poster is checked for (issue 44), shared by the poster tests and `npm run bench -- pictures`. */
export interface PosterCheck {
  /** Every line break falls between two tokens (words, prices, numbers with units): no word is split. */
  wholeWords: boolean;
  /** Every price or offer of the text sits whole on one line. */
  pricesWhole: boolean;
  /** Every price or offer is drawn on its own colour. */
  priceStandsOut: boolean;
  /** No line of text overlaps the product's pixels' box. */
  textOffProduct: boolean;
  /** The lowest contrast of any text against what is under it. */
  minContrast: number;
  /** All of the above hold (contrast at least MIN_CONTRAST). */
  ok: boolean;
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

export function posterChecks(poster: RenderedPoster, params: PosterParams): PosterCheck {
  let wholeWords = true;
  let pricesWhole = true;
  let priceCount = 0;
  const sources = { title: params.title, subtitle: params.subtitle, body: params.body };
  for (const t of poster.texts) {
    if (t.truncated || !t.lines.length) continue;
    const source = sources[t.role];
    // Token boundaries of the source, as offsets in its text without white space.
    const bounds = new Set<number>([0]);
    let at = 0;
    for (const token of tokenize(source.replace(/\n/g, ' '))) {
      at += squeeze(token.text).length;
      bounds.add(at);
    }
    let offset = 0;
    for (const line of t.lines) {
      offset += squeeze(line.text).length;
      if (!bounds.has(offset)) wholeWords = false;
    }
    const lines = t.lines.map((l) => squeeze(l.text));
    for (const m of source.matchAll(PRICE)) {
      priceCount++;
      if (!lines.some((l) => l.includes(squeeze(m[0])))) pricesWhole = false;
    }
  }
  const priceStandsOut = poster.prices.length >= priceCount;
  const p = poster.product;
  const textOffProduct =
    !p ||
    poster.texts.every((t) =>
      t.lines.every((l) => {
        const top = l.baseline - t.size;
        const bottom = l.baseline + t.size * 0.25;
        return l.x + l.width <= p.x || l.x >= p.x + p.w || bottom <= p.y || top >= p.y + p.h;
      }),
    );
  const minContrast = Math.min(...poster.texts.filter((t) => t.lines.length).map((t) => t.contrast ?? 0));
  return {
    wholeWords,
    pricesWhole,
    priceStandsOut,
    textOffProduct,
    minContrast,
    ok: wholeWords && pricesWhole && priceStandsOut && textOffProduct && minContrast >= MIN_CONTRAST,
  };
}
