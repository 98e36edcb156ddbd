import { describe, expect, it } from 'vitest';
import { beforeLeaves } from './potted-plant.ts';
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
