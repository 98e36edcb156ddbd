import { describe, expect, it } from 'vitest';
import { beforeLeaves, leafShare, leafy } from './potted-plant.ts';
import { regionMap } from './regions.ts';

/** A 200 x 200 picture with painted things: the mask sure over each, the colour given. */
function picture(things: Array<{ box: [number, number, number, number]; rgb: [number, number, number] }>) {
  const W = 200;
  const mask = new Uint8Array(W * W);
  const rgb = new Uint8Array(W * W * 3).fill(205);
  for (const { box, rgb: c } of things) {
    const [l, t, w, h] = box;
    for (let y = t; y < t + h; y++)
      for (let x = l; x < l + w; x++) {
        mask[y * W + x] = 250;
        rgb.set(c, (y * W + x) * 3);
      }
  }
  const map = regionMap(mask, W, W);
  const at = (x: number, y: number) =>
    map.regions.find((r) => r.box.left <= x && x < r.box.left + r.box.width && r.box.top <= y && y < r.box.top + r.box.height)!;
  return { map, rgb, at };
}

const LEAVES: [number, number, number] = [60, 140, 60];
const MAROON: [number, number, number] = [110, 40, 60];

describe('leaves with a product before them (issue 44, #1854)', () => {
  it('takes a bag standing low before a plant’s leaves for what the picture shows', () => {
    const { map, rgb, at } = picture([
      { box: [80, 40, 100, 80], rgb: LEAVES },
      { box: [60, 122, 80, 58], rgb: MAROON },
    ]);
    expect(beforeLeaves(map, at(100, 150), at(150, 60), rgb)).toBe(true);
  });

  it('not a table wider than a green cup, a green thing before another green one, nor a thing before a product of another colour', () => {
    const cup = picture([
      { box: [80, 60, 40, 50], rgb: LEAVES },
      { box: [20, 112, 160, 58], rgb: MAROON },
    ]);
    expect(beforeLeaves(cup.map, cup.at(100, 150), cup.at(100, 80), cup.rgb)).toBe(false);
    const green = picture([
      { box: [80, 40, 100, 80], rgb: LEAVES },
      { box: [60, 122, 80, 58], rgb: [70, 150, 70] },
    ]);
    expect(beforeLeaves(green.map, green.at(100, 150), green.at(150, 60), green.rgb)).toBe(false);
    const shirt = picture([
      { box: [80, 40, 100, 80], rgb: [40, 60, 140] },
      { box: [60, 122, 80, 58], rgb: MAROON },
    ]);
    expect(beforeLeaves(shirt.map, shirt.at(100, 150), shirt.at(150, 60), shirt.rgb)).toBe(false);
  });
});

describe('a plant’s leaves told by their colour (issue 44)', () => {
  it('measures the leaf-green share of what a mask picks and knows leaves from a maroon bag or a teal shirt', () => {
    const { map, rgb, at } = picture([
      { box: [80, 40, 100, 60], rgb: LEAVES },
      { box: [60, 122, 80, 58], rgb: MAROON },
      { box: [10, 10, 40, 40], rgb: [40, 120, 130] },
    ]);
    const W = 200;
    const inBox = (l: number, t: number, w: number, h: number) => (i: number) => {
      const x = i % W;
      const y = (i - x) / W;
      return x >= l && x < l + w && y >= t && y < t + h;
    };
    expect(leafShare(rgb, W * W, inBox(80, 40, 100, 60))).toBe(1);
    // Half leaves, half bag.
    expect(leafShare(rgb, W * W, inBox(80, 70, 60, 60))).toBeCloseTo(0.5, 1);
    expect(leafShare(rgb, W * W, inBox(60, 122, 80, 58))).toBe(0);
    expect([leafy(map, at(100, 60), rgb), leafy(map, at(100, 150), rgb), leafy(map, at(20, 20), rgb)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
