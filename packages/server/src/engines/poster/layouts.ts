import type { PosterLayout } from '@productimage/core';

/**
 * Poster layouts: where the title, subtitle, body, product and a text card go, as fractions of the
 * canvas. Tall canvases (9:16) get more room for the product; without a product the text takes its
 * place. Boxes are what the line breaker fits text into: nothing is drawn outside them.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LayoutBoxes {
  title: Box;
  subtitle: Box;
  body: Box;
  product: Box | null;
  /** A translucent card behind the text (keeps text legible over pictures). */
  card: Box | null;
  align: 'left' | 'center';
}

const box = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });

/** Boxes in fractions of width and height. */
function fractions(layout: PosterLayout, product: boolean, tall: boolean): LayoutBoxes {
  switch (layout) {
    case 'split':
      return product
        ? {
            title: box(0.07, 0.1, 0.46, 0.22),
            subtitle: box(0.07, 0.33, 0.46, 0.1),
            body: box(0.07, 0.46, 0.46, 0.42),
            product: box(0.55, 0.18, 0.4, 0.64),
            card: box(0.04, 0.07, 0.52, 0.84),
            align: 'left',
          }
        : {
            title: box(0.08, 0.1, 0.7, 0.24),
            subtitle: box(0.08, 0.35, 0.7, 0.1),
            body: box(0.08, 0.48, 0.7, 0.42),
            product: null,
            card: box(0.05, 0.07, 0.76, 0.86),
            align: 'left',
          };
    case 'banner':
      return {
        product: product ? box(0.12, 0.05, 0.76, tall ? 0.5 : 0.44) : null,
        title: product ? box(0.1, tall ? 0.6 : 0.55, 0.8, 0.14) : box(0.1, 0.16, 0.8, 0.3),
        subtitle: product ? box(0.1, tall ? 0.75 : 0.7, 0.8, 0.07) : box(0.1, 0.48, 0.8, 0.1),
        body: product ? box(0.1, tall ? 0.83 : 0.78, 0.8, tall ? 0.12 : 0.17) : box(0.1, 0.6, 0.8, 0.3),
        card: product ? box(0.06, tall ? 0.57 : 0.52, 0.88, tall ? 0.4 : 0.45) : box(0.06, 0.12, 0.88, 0.8),
        align: 'center',
      };
    case 'centered':
      return {
        title: box(0.1, 0.08, 0.8, 0.2),
        subtitle: box(0.1, 0.29, 0.8, 0.08),
        product: product ? box(0.2, 0.39, 0.6, tall ? 0.4 : 0.36) : null,
        body: product ? box(0.12, tall ? 0.81 : 0.77, 0.76, tall ? 0.14 : 0.18) : box(0.12, 0.4, 0.76, 0.5),
        card: null,
        align: 'center',
      };
    default:
      // classic: title on top, product in the middle, body below.
      return {
        title: box(0.08, 0.06, 0.84, 0.17),
        subtitle: box(0.08, 0.24, 0.84, 0.07),
        product: product ? box(0.15, 0.33, 0.7, tall ? 0.44 : 0.42) : null,
        body: product ? box(0.08, tall ? 0.8 : 0.78, 0.84, tall ? 0.16 : 0.18) : box(0.08, 0.34, 0.84, 0.58),
        card: null,
        align: 'left',
      };
  }
}

const scale = (b: Box, width: number, height: number): Box => ({
  x: Math.round(b.x * width),
  y: Math.round(b.y * height),
  w: Math.round(b.w * width),
  h: Math.round(b.h * height),
});

export function layoutBoxes(layout: PosterLayout, width: number, height: number, product: boolean): LayoutBoxes {
  const f = fractions(layout, product, height / width > 1.5);
  return {
    title: scale(f.title, width, height),
    subtitle: scale(f.subtitle, width, height),
    body: scale(f.body, width, height),
    product: f.product && scale(f.product, width, height),
    card: f.card && scale(f.card, width, height),
    align: f.align,
  };
}
