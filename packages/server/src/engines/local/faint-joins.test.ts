import { describe, expect, it } from 'vitest';
import { joinedByTraces, lowerPlateau } from './faint-joins.ts';
import { regionMap } from './regions.ts';

const W = 200;
const H = 300;

/** Boxes of alpha on an empty picture: [left, top, width, height, alpha]. */
function mask(...boxes: Array<[number, number, number, number, number]>): Buffer {
  const out = Buffer.alloc(W * H);
  for (const [left, top, width, height, a] of boxes)
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) out[y * W + x] = a;
  return out;
}

const at = (m: Uint8Array, x: number, y: number) => m[y * W + x]!;
/** joinedByTraces on a kept mask and a first look, the look's regions labelled as subjectCut labels them. */
const joined = (kept: Buffer, first: Buffer) => joinedByTraces(kept, first, regionMap(first, W, H), W, H);

describe('joinedByTraces: a piece the model was sure of, joined to the product by faint marks', () => {
  // A pale bottle: body 60..140 x 140..280 (kept), cap 85..115 x 60..90 (sure, left out), neck 88..112 x 90..140 marked at 70.
  const body: [number, number, number, number, number] = [60, 140, 80, 140, 255];
  const cap: [number, number, number, number, number] = [85, 60, 30, 30, 255];
  const neck: [number, number, number, number, number] = [88, 90, 24, 50, 70];

  it("keeps a pale bottle's cap and the faint neck between it and the body", () => {
    const out = joined(mask(body), mask(body, cap, neck));
    expect(at(out, 100, 75)).toBe(255); // the cap
    expect(at(out, 100, 115)).toBe(255); // the neck
    expect(at(out, 70, 115)).toBe(0); // beside the neck
  });

  it('leaves a piece out that no faint marks join (a frame on the wall above a box)', () => {
    const kept = mask(body);
    expect(joined(kept, mask(body, cap))).toBe(kept);
  });

  it("leaves a piece out that lies beyond the product's width (a lamp's shade beside and above it)", () => {
    const kept = mask(body);
    const shade: [number, number, number, number, number] = [130, 60, 50, 30, 255];
    const pole: [number, number, number, number, number] = [150, 90, 10, 50, 70];
    expect(joined(kept, mask(body, shade, pole))).toBe(kept);
  });
});

describe('lowerPlateau: a thing behind the product the model marked at a lower level', () => {
  // A bag (certain, 250) before a wide sofa (a plateau at 160) that reaches far beyond it on both sides.
  const sofa: [number, number, number, number, number] = [10, 100, 180, 80, 160];
  const bag: [number, number, number, number, number] = [70, 120, 60, 120, 250];
  const colours = (paint: (x: number, y: number) => [number, number, number]) => {
    const rgb = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgb.set(paint(x, y), (y * W + x) * 3);
    return rgb;
  };
  const inBox = ([l, t, w, h]: number[], x: number, y: number) => x >= l! && x < l! + w! && y >= t! && y < t! + h!;
  const rgb = colours((x, y) => (inBox(bag, x, y) ? [120, 30, 40] : inBox(sofa, x, y) ? [90, 120, 95] : [200, 200, 200]));

  it('takes out the strip of the sofa the cut kept beside the bag, keeps the bag', () => {
    const first = mask(sofa, bag);
    // The cut keeps the bag and the sofa 8 px either side of it.
    const kept = mask([62, 110, 76, 130, 200], bag);
    const out = lowerPlateau(kept, first, rgb, W);
    expect(at(out, 65, 115)).toBe(0); // the sofa beside the bag
    expect(at(out, 100, 200)).toBe(250); // the bag
  });

  it("takes out the sofa seen through the bag's handle, of the sofa's colour", () => {
    // The handle (certain) encloses a window of sofa the cut keeps.
    const handle: [number, number, number, number, number] = [80, 100, 40, 20, 250];
    const window: [number, number, number, number, number] = [90, 105, 20, 15, 160];
    const first = mask(sofa, bag, handle, window);
    const kept = mask(bag, handle, window, [55, 120, 15, 30, 200]);
    const out = lowerPlateau(kept, first, rgb, W);
    expect(at(out, 100, 110)).toBe(0); // the window
    expect(at(out, 85, 102)).toBe(250); // the handle
  });

  it('keeps a pale product the model marked at the plateau level all over (no certain core)', () => {
    const first = mask(sofa, [70, 120, 60, 120, 170]);
    const kept = mask([55, 100, 90, 140, 200]);
    expect(lowerPlateau(kept, first, rgb, W)).toBe(kept);
  });
});
