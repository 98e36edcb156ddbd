import { describe, expect, it } from 'vitest';
import { GC, grabCut } from './grab-cut.ts';

/** A pale mottled wall (smooth blotches, as the corpus's plaster) with a white shirt's shape on it. */
function shirtOnMottledWall(width: number, height: number) {
  const rgb = Buffer.alloc(width * height * 3);
  const shirt = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const body = x >= 70 && x < 130 && y >= 50 && y < 210;
      const sleeves = x >= 45 && x < 155 && y >= 50 && y < 90;
      const blotch = 18 * Math.sin(x / 9) * Math.cos(y / 13) + 10 * Math.sin((x + y) / 5);
      const v = body || sleeves ? 246 : 205 + blotch;
      if (body || sleeves) shirt[i] = 1;
      rgb[i * 3] = v;
      rgb[i * 3 + 1] = v - 4;
      rgb[i * 3 + 2] = v - 10;
    }
  return { rgb, shirt };
}

describe('GrabCut: a thing parted from its backdrop by colour (issue 44)', () => {
  it('parts a white shirt from a pale mottled wall, the wall outside the middle and a sure backdrop seed kept as backdrop', async () => {
    const width = 200;
    const height = 260;
    const { rgb, shirt } = shirtOnMottledWall(width, height);
    const seeds = new Uint8Array(width * height).fill(GC.BACKDROP);
    for (let y = 0; y < height; y++) for (let x = 40; x < 160; x++) seeds[y * width + x] = GC.MAYBE_THING;
    // A patch of the shirt told to be backdrop stays backdrop (what the model was sure of is no blind product).
    for (let y = 150; y < 160; y++) for (let x = 90; x < 100; x++) seeds[y * width + x] = GC.BACKDROP;
    const alpha = await grabCut(rgb, width, height, seeds);
    let both = 0;
    let either = 0;
    for (let i = 0; i < shirt.length; i++) {
      const kept = alpha[i]! >= 128;
      if (kept && shirt[i]) both++;
      if (kept || shirt[i]) either++;
    }
    expect(both / either).toBeGreaterThan(0.9);
    expect(alpha[155 * width + 95]).toBeLessThan(128);
    expect(alpha[20 * width + 100]).toBeLessThan(128);
  });
});
