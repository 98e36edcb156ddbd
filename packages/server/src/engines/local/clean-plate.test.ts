import { describe, expect, it } from 'vitest';
import { fillGhost, growMask } from './clean-plate.ts';

/** A 200 x 200 mask from rectangles [left, top, width, height]. */
function mask(...rects: Array<[number, number, number, number]>): Uint8Array {
  const out = new Uint8Array(200 * 200);
  for (const [l, t, w, h] of rects) for (let y = t; y < t + h; y++) for (let x = l; x < l + w; x++) out[y * 200 + x] = 255;
  return out;
}

describe('a thing filled out of the picture', () => {
  it('takes what the model sees where the thing was for the fill’s ghost, and a thing beside it for a thing', () => {
    // A bag filled out (its mask grown by a few pixels): the model marks a blur of its lower part.
    const hole = growMask(mask([20, 90, 60, 90]), 200, 200, 3);
    expect(fillGhost(mask([22, 120, 60, 60]), hole)).toBe(true);
    // A mug beside it, touching the hole's edge.
    expect(fillGhost(mask([75, 120, 50, 60]), hole)).toBe(false);
    expect(fillGhost(mask(), hole)).toBe(false);
  });
});
