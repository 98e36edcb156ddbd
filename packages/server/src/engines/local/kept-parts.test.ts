import { describe, expect, it } from 'vitest';
import { keptBeside, partHolds } from './kept-parts.ts';

/** A 200 x 200 mask from rectangles [left, top, width, height]. */
function mask(...rects: Array<[number, number, number, number]>): Uint8Array {
  const out = new Uint8Array(200 * 200);
  for (const [l, t, w, h] of rects) for (let y = t; y < t + h; y++) for (let x = l; x < l + w; x++) out[y * 200 + x] = 255;
  return out;
}

describe('kept parts beside the product', () => {
  const product = mask([60, 40, 80, 120]);

  it('lists a thing kept against the product, whole, and nothing for the product alone', () => {
    // A lamp's foot kept touching the product's right side.
    const cut = mask([60, 40, 80, 120], [140, 140, 40, 12]);
    const parts = keptBeside(cut, product, [], 200, 200);
    expect(parts).toHaveLength(1);
    const foot = parts[0]!;
    // Every pixel of the foot is in it (a drop takes it whole) and no pixel of the product.
    expect(foot.alpha[145 * 200 + 141]).toBe(255);
    expect(foot.alpha[145 * 200 + 178]).toBe(255);
    expect(foot.alpha[145 * 200 + 139]).toBe(0);
    expect(partHolds(foot, foot.point, 200, 200)).toBe(true);
    expect(keptBeside(product, product, [], 200, 200)).toEqual([]);
  });

  it('leaves out what a listed kept region already covers, and lists the product when another thing rivals it', () => {
    const cut = mask([60, 40, 80, 120], [140, 60, 50, 90]);
    const sofa = mask([140, 60, 50, 90]);
    const parts = keptBeside(cut, product, [sofa], 200, 200);
    // The sofa is listed already; it is more than a quarter of the product, so the product is a choice too.
    expect(parts).toHaveLength(1);
    expect(parts[0]!.alpha[100 * 200 + 100]).toBe(255);
    expect(parts[0]!.alpha[100 * 200 + 160]).toBe(0);
  });
});
