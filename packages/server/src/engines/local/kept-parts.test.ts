import { describe, expect, it } from 'vitest';
import { coreParts, footBand, pieceBehind } from './core-parts.ts';
import { flatBeside, keptBeside, partHolds, underLeftOut } from './kept-parts.ts';

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

  /** An RGB picture of 200 x 200: `colour(x, y)` where set, a grey wall elsewhere. */
  function picture(colour: (x: number, y: number) => [number, number, number] | null): Uint8Array {
    const out = new Uint8Array(200 * 200 * 3).fill(225);
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++) {
        const c = colour(x, y);
        if (c) out.set(c, (y * 200 + x) * 3);
      }
    return out;
  }

  it('splits the product pixels where another thing of a close tone is joined to them, not where it is shaded', () => {
    // A tan bag before a sofa of nearly its tone (about 11 CIELAB units apart), cut as one thing.
    const bag = mask([80, 110, 40, 60]);
    const joined = mask([30, 80, 140, 50], [80, 110, 40, 60]);
    const rgb = picture((x, y) => (bag[y * 200 + x] ? [200, 163, 121] : joined[y * 200 + x] ? [167, 140, 110] : null));
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    const sofa = parts.find((p) => partHolds(p, [50 / 200, 100 / 200], 200, 200))!;
    // Dropping the sofa leaves the bag whole.
    expect(sofa.alpha[100 * 200 + 50]).toBe(255);
    expect(sofa.alpha[100 * 200 + 160]).toBe(255);
    expect(bag.some((v, i) => v > 0 && sofa.alpha[i]! > 0)).toBe(false);
    expect(parts.some((p) => partHolds(p, [100 / 200, 150 / 200], 200, 200) && p !== sofa)).toBe(true);
    // One product lit from the top (40 units from its top to its foot, smoothly) is one thing.
    const shaded = picture((x, y) => (joined[y * 200 + x] ? [120 + Math.round(y / 2), 100 + Math.round(y / 2), 80] : null));
    expect(coreParts(joined, joined, shaded, new Uint8Array(200 * 200), 200, 200)).toEqual([]);
  });

  it('gives the sofa seen through a bag’s handle to the sofa, not to the bag (issue 44, #857)', () => {
    // A tan bag whose handle (a frame above its body) shows the sofa behind it, cut as one thing.
    const bag = mask([70, 110, 60, 60], [84, 84, 32, 5], [84, 84, 5, 26], [111, 84, 5, 26]);
    const joined = mask([20, 70, 160, 60], [70, 110, 60, 60]);
    const rgb = picture((x, y) => (bag[y * 200 + x] ? [200, 163, 121] : joined[y * 200 + x] ? [167, 140, 110] : null));
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    const sofa = parts.find((p) => partHolds(p, [40 / 200, 100 / 200], 200, 200))!;
    const own = parts.find((p) => p !== sofa && partHolds(p, [100 / 200, 150 / 200], 200, 200))!;
    // Dropping the sofa takes it out within the handle too; dropping the bag leaves the sofa whole.
    expect([sofa.alpha[100 * 200 + 100], own.alpha[100 * 200 + 100]]).toEqual([255, 0]);
    expect(bag.some((v, i) => v > 0 && sofa.alpha[i]! > 0)).toBe(false);
    // The bag stands before the sofa (within its width, reaching lower): the sofa is the thing behind,
    // which the cut leaves out by default (a left-out choice, one click brings it back).
    expect([sofa.behind, own.behind]).toEqual([true, false]);
  });

  it('takes a sofa seen left and right of the bag before it and through its handle for one thing behind it, not a print (issue 44, #1177)', () => {
    // A maroon bag whose handle reaches above a red-brown sofa's back: the sofa shows in three pieces, each
    // smaller than the bag (left, right, within the handle), cut as one thing with it.
    const bag = mask([60, 110, 80, 60], [84, 60, 32, 5], [84, 60, 5, 50], [111, 60, 5, 50]);
    const joined = mask([20, 70, 160, 60], [60, 110, 80, 60], [84, 60, 32, 10]);
    const rgb = picture((x, y) => (bag[y * 200 + x] ? [110, 40, 55] : joined[y * 200 + x] ? [175, 100, 85] : null));
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    expect(parts).toHaveLength(2);
    const sofa = parts.find((p) => partHolds(p, [40 / 200, 90 / 200], 200, 200))!;
    // One piece: one click drops it whole, within the handle too; the bag is what stands before it.
    expect([sofa.alpha[90 * 200 + 40], sofa.alpha[90 * 200 + 100], sofa.alpha[90 * 200 + 160]]).toEqual([255, 255, 255]);
    expect(bag.some((v, i) => v > 0 && sofa.alpha[i]! > 0)).toBe(false);
    expect(pieceBehind(parts)).toBe(sofa);
    // Vertical stripes of two colours ending at one hem are a print: none stands before the others.
    const dress = mask([40, 40, 120, 120]);
    const stripes = picture((x, y) =>
      dress[y * 200 + x] ? (Math.floor((x - 40) / 24) % 2 ? [40, 60, 160] : [220, 200, 60]) : null,
    );
    expect(coreParts(dress, dress, stripes, new Uint8Array(200 * 200), 200, 200)).toEqual([]);
  });

  it('leaves out the one piece something stands before, whatever else the split found: a sofa behind a bag and its handle apart (issue 44, #1176)', () => {
    // A tan bag before a beige sofa, its handle over the sofa above the body, the sofa's seam between
    // them (its feet lost in the seam's mixed cells): the split finds the sofa, the body and the handle.
    const bag = mask([70, 110, 60, 60], [84, 84, 32, 6], [84, 84, 6, 20], [110, 84, 6, 20]);
    const joined = mask([20, 70, 160, 60], [70, 110, 60, 60]);
    const rgb = picture((x, y) => (bag[y * 200 + x] ? [205, 165, 115] : joined[y * 200 + x] ? [170, 145, 120] : null));
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    // Two: the handle, of the body's colour just above it within its width, goes with the body.
    expect(parts).toHaveLength(2);
    const sofa = parts.find((p) => partHolds(p, [40 / 200, 100 / 200], 200, 200))!;
    expect(pieceBehind(parts)).toBe(sofa);
    const own = parts.find((p) => p !== sofa)!;
    expect([own.alpha[86 * 200 + 100], own.alpha[150 * 200 + 100]]).toEqual([255, 255]);
    // Two pieces behind others are no plain depth order: none is left out.
    expect(pieceBehind([{ behind: true }, { behind: true }, {}])).toBeUndefined();
  });

  it('tells a cream bag from the beige sofa behind it, its seats seen left and right of the bag, its clasp and feet apart (issue 44, #1433)', () => {
    // The bag (its handle above its body, a band of the sofa's tone across its top, a small gold clasp)
    // stands before a sofa about 10 CIELAB units darker; the sofa's seats, darker still, show left and
    // right of the bag, its dark feet under it. The model marked it all as one thing.
    const body = mask([76, 124, 48, 46]);
    const handle = mask([88, 92, 24, 3], [88, 92, 3, 30], [109, 92, 3, 30]);
    const band = mask([76, 118, 48, 6]);
    const clasp = mask([96, 130, 8, 5]);
    const seats = mask([14, 112, 50, 16], [136, 112, 50, 16]);
    const feet = mask([14, 130, 4, 5], [182, 130, 4, 5]);
    const joined = mask([10, 64, 180, 66], [76, 118, 48, 52], [14, 130, 4, 5], [182, 130, 4, 5]);
    const rgb = picture((x, y) => {
      const i = y * 200 + x;
      if (clasp[i]) return [200, 160, 60];
      if (band[i]) return [201, 193, 180];
      if (body[i] || handle[i]) return [236, 224, 206];
      if (feet[i]) return [60, 50, 40];
      if (seats[i]) return [175, 169, 157];
      return joined[i] ? [201, 193, 180] : null;
    });
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    const sofa = pieceBehind(parts)!;
    // The thing behind is the sofa, its back and its seats in one piece (one click brings it back);
    // the bag's body and handle are none of it.
    expect([sofa.alpha[80 * 200 + 40], sofa.alpha[120 * 200 + 40], sofa.alpha[120 * 200 + 160]]).toEqual([255, 255, 255]);
    expect([sofa.alpha[150 * 200 + 100], sofa.alpha[100 * 200 + 89]]).toEqual([0, 0]);
  });

  it('splits a mug with a rim and a highlight from the sofa behind it (details are no print)', () => {
    // A red mug (its dark rim on top, a pink highlight down its side) before a reddish sofa, cut as one thing.
    const mug = mask([70, 100, 60, 70]);
    const rim = mask([70, 100, 60, 4]);
    const highlight = mask([78, 110, 4, 50]);
    const joined = mask([20, 70, 160, 60], [70, 100, 60, 70]);
    const rgb = picture((x, y) => {
      const i = y * 200 + x;
      if (rim[i]) return [120, 10, 30];
      if (highlight[i]) return [230, 140, 160];
      if (mug[i]) return [210, 20, 50];
      return joined[i] ? [160, 85, 65] : null;
    });
    const parts = coreParts(joined, joined, rgb, new Uint8Array(200 * 200), 200, 200);
    const sofa = parts.find((p) => partHolds(p, [40 / 200, 100 / 200], 200, 200))!;
    // Dropping the sofa leaves the whole mug, rim and highlight included.
    expect(sofa.alpha[100 * 200 + 170]).toBe(255);
    expect(mug.some((v, i) => v > 0 && sofa.alpha[i]! > 0)).toBe(false);
    const own = parts.find((p) => p !== sofa && partHolds(p, [100 / 200, 150 / 200], 200, 200))!;
    expect([own.alpha[101 * 200 + 100], own.alpha[130 * 200 + 79], own.alpha[160 * 200 + 100]]).toEqual([255, 255, 255]);
  });

  it('lists a pot apart from the bag, leaves hanging beside a coat of their green and leaves above and beside a box; not a two-tone dress', () => {
    const none = new Uint8Array(200 * 200);
    const holds = (parts: ReturnType<typeof coreParts>, x: number, y: number) =>
      parts.some((p) => p.alpha[y * 200 + x]! > 0 && partHolds(p, p.point, 200, 200));
    const apart = (parts: ReturnType<typeof coreParts>, a: [number, number], b: [number, number]) =>
      parts.some((p) => p.alpha[a[1] * 200 + a[0]]! > 0 && p.alpha[b[1] * 200 + b[0]]! === 0);
    // A plant's dark pot, not touching the tan bag, taken with it for the product (a pale region lifted).
    const potBag = mask([90, 90, 70, 80], [45, 120, 30, 50]);
    const potRgb = picture((x, y) =>
      x >= 90 && potBag[y * 200 + x] ? [200, 163, 121] : potBag[y * 200 + x] ? [60, 60, 60] : null,
    );
    const pot = coreParts(potBag, potBag, potRgb, none, 200, 200);
    expect(apart(pot, [60, 140], [120, 130])).toBe(true);
    // Leaves of nearly the coat's green (half its size) hanging beside it, its rows within the coat's.
    const coatLeaves = mask([90, 40, 70, 120], [30, 60, 60, 70]);
    const leafRgb = picture((x, y) =>
      x >= 90 && coatLeaves[y * 200 + x] ? [40, 105, 75] : coatLeaves[y * 200 + x] ? [60, 150, 50] : null,
    );
    const coat = coreParts(coatLeaves, coatLeaves, leafRgb, none, 200, 200);
    expect(apart(coat, [50, 90], [120, 100])).toBe(true);
    expect(holds(coat, 120, 100)).toBe(true);
    // Leaves above a box and off to its left, the box before them (the leaves as large as the box).
    const boxLeaves = mask([20, 40, 90, 60], [80, 95, 70, 80]);
    const box = mask([80, 95, 70, 80]);
    const boxRgb = picture((x, y) => (box[y * 200 + x] ? [40, 110, 80] : boxLeaves[y * 200 + x] ? [50, 150, 50] : null));
    const stacked = coreParts(boxLeaves, boxLeaves, boxRgb, none, 200, 200);
    expect(apart(stacked, [40, 60], [110, 140])).toBe(true);
    // A dress of two colours, its top as wide as its skirt above it: its own parts, nothing listed.
    const dress = mask([60, 40, 80, 50], [60, 90, 80, 80]);
    const dressRgb = picture((x, y) => (dress[y * 200 + x] ? (y < 90 ? [180, 40, 50] : [40, 60, 160]) : null));
    expect(coreParts(dress, dress, dressRgb, none, 200, 200)).toEqual([]);
  });

  it('lists a band at the foot wider than the body on both sides (a kept floor shadow), and nothing for a plain body', () => {
    const body = mask([70, 60, 60, 80]);
    const withBand = mask([70, 60, 60, 80], [55, 134, 90, 12]);
    const band = footBand(withBand, withBand, 200, 200)!;
    expect(band.alpha[140 * 200 + 60]).toBe(255);
    expect(band.alpha[144 * 200 + 100]).toBe(255);
    // The body stays, but for its last rows within the band's lower half.
    expect(band.alpha[120 * 200 + 100]).toBe(0);
    expect(band.alpha[136 * 200 + 100]).toBe(0);
    expect(partHolds(band, band.point, 200, 200)).toBe(true);
    expect(footBand(body, body, 200, 200)).toBeNull();
  });

  it('lists a side piece of the product under a thing left out (a pot under its leaves beside a mug, issue 44, #1022)', () => {
    // The mug (60-140 wide from y 40) with its handle (140-160, lower, the wall above it), and a pot of
    // its grey against its left side (20-60, from y 90) under leaves the cut left out (y 50-90).
    const own = mask([60, 40, 80, 120], [140, 70, 20, 50], [20, 90, 40, 70]);
    const leaves = mask([10, 50, 60, 40]);
    for (let i = 0; i < leaves.length; i++) if (own[i]) leaves[i] = 0;
    const pot = underLeftOut(own, leaves, own, 200, 200)!;
    expect(pot).not.toBeNull();
    expect(pot.alpha[120 * 200 + 30]).toBe(255);
    expect(pot.alpha[120 * 200 + 100]).toBe(0);
    expect(pot.alpha[90 * 200 + 150]).toBe(0);
    expect(partHolds(pot, pot.point, 200, 200)).toBe(true);
    // Nothing left out above the pot (a second shoe, a mug's handle with the wall above): nothing listed.
    expect(underLeftOut(own, new Uint8Array(200 * 200), own, 200, 200)).toBeNull();
    // A lamp's foot of the mug's grey, a low strip on the floor against its left side (#28): listed.
    const withFoot = mask([60, 40, 80, 120], [140, 70, 20, 50], [10, 150, 50, 10]);
    const foot = underLeftOut(withFoot, new Uint8Array(200 * 200), withFoot, 200, 200)!;
    expect(foot).not.toBeNull();
    expect(foot.alpha[155 * 200 + 20]).toBe(255);
    expect(foot.alpha[155 * 200 + 100]).toBe(0);
  });

  it('takes a pot under leaves as high as the product beside it for the plant’s, and stops at a step in its top (issue 44, #2206, #2174, #1962)', () => {
    // Leaves of green drawn into the picture, the rest grey.
    const picture = (leaves: Uint8Array) => {
      const rgb = new Uint8Array(200 * 200 * 3).fill(200);
      for (let i = 0; i < leaves.length; i++) if (leaves[i]) rgb.set([60, 140, 60], i * 3);
      return rgb;
    };
    const outOf = (leaves: Uint8Array, own: Uint8Array) => Uint8Array.from(leaves, (v, i) => (v && !own[i] ? 1 : 0));
    // A bag (20-100, from y 100) and a pot of its cream beside it (100-150, from y 90: higher), leaves on the pot.
    const bag = mask([20, 100, 80, 80], [100, 90, 50, 70]);
    const leaves = mask([95, 40, 60, 50]);
    const pot = underLeftOut(bag, outOf(leaves, bag), bag, 200, 200, picture(leaves))!;
    expect(pot).not.toBeNull();
    expect(pot.underLeaves).toBe(true);
    expect(pot.alpha[120 * 200 + 125]).toBe(255);
    expect(pot.alpha[120 * 200 + 60]).toBe(0);
    // The bag rises above it nowhere: no step down from it.
    expect(pot.stepDown).toBe(false);
    // Whatever is left out over it but leaves, no step, nothing apart.
    expect(underLeftOut(bag, outOf(leaves, bag), bag, 200, 200, new Uint8Array(200 * 200 * 3).fill(200))).toBeNull();
    // A box (60-140, from y 60) before a pot (20-60, from y 100), the leaves over both: the pot's columns
    // only, the box's top a step above the pot's.
    const box = mask([60, 60, 80, 120], [20, 100, 40, 70]);
    const over = mask([10, 30, 70, 70]);
    const potOfBox = underLeftOut(box, outOf(over, box), box, 200, 200, picture(over))!;
    expect(potOfBox.alpha[120 * 200 + 40]).toBe(255);
    expect(potOfBox.alpha[120 * 200 + 70]).toBe(0);
    // The box rises above the pot at their junction: a step down from it (so a pot on a bag's foot line,
    // the bag's body a step higher, is the plant's too, #1962).
    expect(potOfBox.stepDown).toBe(true);
  });

  it('leaves out a poster hanging beside a jacket, kept with it as one, and no box, shirt or bag (issue 44, #2235)', () => {
    // A jacket (60-110 from its shoulders at y 50, sleeves down to 170) and a poster at its side, farther
    // from the middle (110-150, y 20-130: level top and foot, solid, its foot well above the jacket's).
    const jacket = mask([60, 50, 50, 120], [70, 40, 30, 10]);
    const both = mask([60, 50, 50, 120], [70, 40, 30, 10], [110, 20, 40, 110]);
    const poster = flatBeside(both, 200, 200)!;
    expect(poster).not.toBeNull();
    expect(poster.alpha[80 * 200 + 130]).toBe(255);
    expect(poster.alpha[80 * 200 + 90]).toBe(0);
    expect(partHolds(poster, poster.point, 200, 200)).toBe(true);
    expect(flatBeside(jacket, 200, 200)).toBeNull();
    // A box with its side face, both standing on the floor: no part of it hangs.
    expect(flatBeside(mask([60, 60, 50, 110], [110, 50, 40, 115]), 200, 200)).toBeNull();
    // A frame on the middle's side of the jacket (the shop centres the product: the jacket is off the middle).
    expect(flatBeside(mask([120, 50, 50, 120], [130, 40, 30, 10], [80, 20, 40, 110]), 200, 200)).toBeNull();
    // A hollow outline (a hanger's bar, a handle's arc) is no flat thing.
    expect(flatBeside(mask([60, 50, 50, 120], [110, 20, 40, 4], [110, 126, 40, 4], [146, 20, 4, 110]), 200, 200)).toBeNull();
  });
});
