import { describe, expect, it } from 'vitest';
import { standBase, standHead } from './stand-base.ts';

const W = 200;
const H = 260;
type Rgb = [number, number, number];

/**
 * A dress on a mannequin's pole over a floor, and under the pole's foot an ellipse of `under`'s colour:
 * the cut keeps the dress and the pole (alpha), not what lies under the foot.
 */
function stand(under: Rgb, floorColour: Rgb = [150, 110, 75]) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const floor = y >= 200;
      let c: Rgb = floor ? floorColour : [222, 218, 210];
      const dress = y >= 40 && y < 160 && x >= 40 && x < 160;
      const pole = y >= 160 && y < 205 && x >= 96 && x < 104;
      const base = ((x - 100) / 50) ** 2 + ((y - 208) / 8) ** 2 <= 1;
      if (base) c = under;
      if (dress) c = [40, 70, 160];
      if (pole) c = [59, 59, 59];
      if (dress || pole) alpha[i] = 255;
      rgb.set(c, i * 3);
    }
  return { rgb, alpha };
}

describe('a mannequin’s base (issue 44)', () => {
  it('keeps the dark disc of the pole’s colour under its foot', () => {
    const { rgb, alpha } = stand([59, 59, 59]);
    const out = standBase(alpha, rgb, W, H);
    expect(out[208 * W + 70]).toBe(255);
    expect(out[208 * W + 130]).toBe(255);
    // Nothing beyond the disc.
    expect(out[208 * W + 40]).toBe(0);
    expect(out[230 * W + 100]).toBe(0);
  });

  it('leaves out the floor dimmed under the foot (a shadow) and a floor of the pole’s own colour', () => {
    // A grey floor dimmed to near the pole's grey: every channel alike.
    const shadow = stand([63, 59, 56], [140, 132, 124]);
    expect(standBase(shadow.alpha, shadow.rgb, W, H)[208 * W + 70]).toBe(0);
    // A floor as dark as the pole: what is joined to the foot has no edge of its own.
    const { rgb, alpha } = stand([59, 59, 59]);
    for (let y = 200; y < H; y++) for (let x = 0; x < W; x++) if (!alpha[y * W + x]) rgb.set([60, 60, 60], (y * W + x) * 3);
    expect(standBase(alpha, rgb, W, H)[208 * W + 70]).toBe(0);
  });
});

describe('a mannequin’s head (issue 44)', () => {
  /** The dress on its pole with a pale head over it on a pale mottled wall; the cut keeps the dress and the pole. */
  function headed(withHead: boolean) {
    const rgb = Buffer.alloc(W * H * 3);
    const alpha = new Uint8Array(W * H);
    const head = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const blotch = 12 * Math.sin(x / 9) * Math.cos(y / 13) + 6 * Math.sin((x + y) / 5);
        let c: Rgb = y >= 200 ? [150, 110, 75] : ([200 + blotch, 196 + blotch, 188 + blotch].map(Math.round) as Rgb);
        const dress = y >= 40 && y < 160 && x >= 40 && x < 160;
        const pole = y >= 160 && y < 205 && x >= 96 && x < 104;
        const skull = ((x - 100) / 12) ** 2 + ((y - 26) / 9) ** 2 <= 1;
        const neck = y >= 26 && y < 40 && x >= 94 && x < 106;
        if (withHead && (skull || neck)) {
          c = [227, 215, 196];
          head[i] = 1;
        }
        if (dress) c = [40, 70, 160];
        if (pole) c = [59, 59, 59];
        if (dress || pole) alpha[i] = 255;
        rgb.set(c, i * 3);
      }
    return { rgb, alpha, head };
  }

  it('keeps the pale head over the garment, on the stand’s axis, and nothing of the wall beside it', async () => {
    const { rgb, alpha, head } = headed(true);
    const out = await standHead(alpha, rgb, W, H);
    let found = 0;
    let all = 0;
    let wall = 0;
    for (let i = 0; i < head.length; i++) {
      if (head[i]) all++;
      if (head[i] && out[i] === 255) found++;
      if (!head[i] && !alpha[i] && out[i]) wall++;
    }
    expect(found / all).toBeGreaterThan(0.8);
    expect(wall).toBeLessThan(all * 0.2);
  });

  it('adds nothing over a garment on a stand with no head', async () => {
    const { rgb, alpha } = headed(false);
    expect(await standHead(alpha, rgb, W, H)).toBe(alpha);
  });
});
