import { describe, expect, it } from 'vitest';
import { bridgeStripes } from './print-bands.ts';
import { seeded } from './test-fixtures.test-support.ts';

const W = 240;
const H = 200;

/**
 * A pale mottled wall with things drawn on it, and the mask the model gives: `marked` says which drawn
 * pixels it marked sure. The wall's grain and mottling are a print-free texture of the wall's own colour.
 */
function picture(draw: (x: number, y: number) => { rgb: [number, number, number]; marked: boolean } | null) {
  const random = seeded(44);
  const rgb = Buffer.alloc(W * H * 3);
  const mask = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const thing = draw(x, y);
      const grain = (random() - 0.5) * 10 + 6 * Math.sin(x / 17) * Math.cos(y / 23);
      const [r, g, b] = thing ? thing.rgb : [200, 204, 208];
      rgb[i * 3] = Math.max(0, Math.min(255, r + grain));
      rgb[i * 3 + 1] = Math.max(0, Math.min(255, g + grain));
      rgb[i * 3 + 2] = Math.max(0, Math.min(255, b + grain));
      mask[i] = thing?.marked ? 255 : 0;
    }
  return { rgb, mask };
}

const filledShare = (before: Uint8Array, after: Uint8Array, inside: (x: number, y: number) => boolean) => {
  let n = 0;
  let filled = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (inside(x, y)) {
        n++;
        if (before[y * W + x]! < 128 && after[y * W + x]! >= 128) filled++;
      }
  return filled / n;
};

describe('bridgeStripes: a print the model marked by its stripes', () => {
  // A dress of mid-grey and dark stripes, 20 px each, shaded from left to right; the model marks only the mid-grey ones (#1218).
  const dress = (x: number, y: number) => {
    if (y < 30 || y > 180 || x < 60 || x >= 180) return null;
    const stripe = Math.floor((x - 60) / 20);
    const shade = (x - 60) / 4;
    const grey = stripe % 2 === 0 ? 130 - shade : 50 - shade / 2;
    return { rgb: [grey, grey, grey + 4] as [number, number, number], marked: stripe % 2 === 0 };
  };
  const darkStripe = (x: number, y: number) => y >= 30 && y <= 180 && x >= 60 && x < 180 && Math.floor((x - 60) / 20) % 2 === 1;

  it('fills the unmarked dark stripes between the marked ones', () => {
    const { rgb, mask } = picture(dress);
    const out = bridgeStripes(mask, rgb, W, H);
    // Dark stripes 2 and 4 lie between marked ones; the last (6th) lies beyond the last marked stripe and stays.
    expect(filledShare(mask, out, (x, y) => darkStripe(x, y) && x < 160)).toBeGreaterThan(0.9);
    // Nothing of the wall is filled.
    expect(filledShare(mask, out, (x, y) => dress(x, y) === null)).toBe(0);
  });

  it('fills a dark stripe whose gaps the model broke every dozen rows as one band (#2106)', () => {
    // The model marks the dark stripes on one row in twelve: each row's gap alone is shorter than a band.
    const broken = (x: number, y: number) => {
      const d = dress(x, y);
      return d && darkStripe(x, y) && y % 12 === 0 ? { ...d, marked: true } : d;
    };
    const { rgb, mask } = picture(broken);
    const out = bridgeStripes(mask, rgb, W, H);
    expect(filledShare(mask, out, (x, y) => darkStripe(x, y) && x < 160 && y % 12 !== 0)).toBeGreaterThan(0.9);
    expect(filledShare(mask, out, (x, y) => dress(x, y) === null)).toBe(0);
  });

  it('leaves open the shadowed wall between a sleeve and the body that the model marked on some rows: it widens to the hem, no stripe (#2071)', () => {
    // A grey shirt, its sleeves apart from the body by wedges of the wall in the shirt's shadow, 4 px wide at
    // the top and 24 at the hem; the model marks the wedges on one row in twelve.
    const width = (y: number) => 4 + ((y - 30) / 150) * 20;
    const wedge = (x: number, y: number) => (x >= 100 - width(y) && x < 100) || (x >= 140 && x < 140 + width(y));
    const grey = { rgb: [120, 120, 124] as [number, number, number], marked: true };
    const shirt = (x: number, y: number) => {
      if (y < 30 || y > 180) return null;
      const w = width(y);
      if (wedge(x, y)) return { rgb: [150, 153, 157] as [number, number, number], marked: y % 12 === 0 };
      const body = x >= 100 && x < 140;
      const sleeve = (x >= 100 - w - 20 && x < 100 - w) || (x >= 140 + w && x < 140 + w + 20);
      return body || sleeve ? grey : null;
    };
    const { rgb, mask } = picture(shirt);
    const out = bridgeStripes(mask, rgb, W, H);
    expect(filledShare(mask, out, (x, y) => y >= 30 && y <= 180 && wedge(x, y) && y % 12 !== 0)).toBeLessThan(0.1);
  });

  it('leaves the wall seen between marked pieces open (a bag handle, trouser legs, books on a shelf)', () => {
    // Four dark bars on the wall with the wall between them: a print would alternate with a colour of its own.
    const bars = (x: number, y: number) =>
      y >= 40 && y <= 170 && x >= 40 && x < 200 && Math.floor((x - 40) / 20) % 2 === 0
        ? { rgb: [60, 50, 45] as [number, number, number], marked: true }
        : null;
    const { rgb, mask } = picture(bars);
    expect(bridgeStripes(mask, rgb, W, H)).toBe(mask);
  });

  it('leaves a single gap between two things open (a bag beside a sofa arm)', () => {
    // Two marked blocks with one dark unmarked band between them: no repeat, no print.
    const two = (x: number, y: number) => {
      if (y < 40 || y > 170 || x < 50 || x >= 190) return null;
      if (x >= 110 && x < 130) return { rgb: [40, 40, 50] as [number, number, number], marked: false };
      return { rgb: [150, 60, 50] as [number, number, number], marked: true };
    };
    const { rgb, mask } = picture(two);
    expect(bridgeStripes(mask, rgb, W, H)).toBe(mask);
  });

  it('fills a single unmarked stripe whose colour the marked stripes beside it show again (#1312)', () => {
    // A shirt of tan and rust stripes, 20 px each; the model marks every stripe but the middle rust one.
    const shirt = (x: number, y: number) => {
      if (y < 30 || y > 180 || x < 50 || x >= 190) return null;
      const stripe = Math.floor((x - 50) / 20);
      const rgb: [number, number, number] = stripe % 2 === 0 ? [200, 160, 120] : [170, 90, 40];
      return { rgb, marked: stripe !== 3 };
    };
    const { rgb, mask } = picture(shirt);
    const out = bridgeStripes(mask, rgb, W, H);
    expect(filledShare(mask, out, (x, y) => y >= 30 && y <= 180 && x >= 110 && x < 130)).toBeGreaterThan(0.9);
    expect(filledShare(mask, out, (x, y) => shirt(x, y) === null)).toBe(0);
  });
});
