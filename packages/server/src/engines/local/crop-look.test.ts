import { describe, expect, it } from 'vitest';
import {
  addsBehind,
  addsThingBeside,
  besideFor,
  cropFor,
  looksFor,
  paintedFor,
  pickFromCrop,
  sliver,
  sureShare,
  withFlatThing,
  withPlant,
} from './crop-look.ts';

const W = 200;

/** A 200 x 200 mask with rectangles [left, top, width, height] at the given alpha. */
function mask(rects: Array<[number, number, number, number, number]>, width = W, height = W): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const [l, t, w, h, a] of rects) for (let y = t; y < t + h; y++) for (let x = l; x < l + w; x++) out[y * width + x] = a;
  return out;
}

/** The crop's mask: picture-sized rectangles cut to the crop. */
function inCrop(picture: Uint8Array, box: { left: number; top: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) out[y * box.width + x] = picture[(box.top + y) * W + box.left + x]!;
  return out;
}

const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * W + x]!;

describe('a third look at a faint candidate (issue 44)', () => {
  it('takes the crop’s product when it holds the kept detail or stands nearer the middle than a kept thing aside; a faint crop changes nothing', () => {
    // A striped dress: the first look was sure of one stripe (kept) and faint on the rest of the dress.
    const stripe: [number, number, number, number, number] = [95, 60, 10, 80, 255];
    const first = mask([[70, 60, 60, 80, 40], stripe]);
    const kept = mask([stripe]);
    const crop = cropFor(first, kept, { left: 95, top: 60, width: 10, height: 80 }, W, W);
    expect(crop).not.toBeNull();
    // The crop covers the faint dress with a margin and is well short of the whole picture.
    expect(crop!.box.left).toBeLessThan(70);
    expect(crop!.box.left + crop!.box.width).toBeGreaterThan(130);
    const dress = mask([[70, 60, 60, 80, 250]]);
    const third = pickFromCrop(inCrop(dress, crop!.box), crop!, kept, { left: 95, top: 60, width: 10, height: 80 }, W, W);
    expect(third?.holds).toBe(true);
    expect([at(third!.alpha, 75, 100), at(third!.alpha, 100, 100), at(third!.alpha, 40, 100)]).toEqual([250, 250, 0]);
    // The model unsure of the crop too (mean alpha 0.6): the cut stays as it was.
    const unsure = mask([[70, 60, 60, 80, 150]]);
    expect(pickFromCrop(inCrop(unsure, crop!.box), crop!, kept, stripe.slice(0, 4) as never, W, W)).toBeNull();

    // A plant at the left edge kept, a bag faint beside it nearer the middle: the bag is the product.
    const plant: [number, number, number, number, number] = [0, 40, 40, 60, 255];
    const first2 = mask([plant, [60, 110, 60, 50, 30]]);
    const kept2 = mask([plant]);
    const crop2 = cropFor(first2, kept2, { left: 0, top: 40, width: 40, height: 60 }, W, W);
    // The plant is left out of the crop.
    expect(crop2!.box.left).toBeGreaterThan(30);
    expect(crop2).not.toBeNull();
    const bag = mask([[60, 110, 60, 50, 245]]);
    const third2 = pickFromCrop(inCrop(bag, crop2!.box), crop2!, kept2, { left: 0, top: 40, width: 40, height: 60 }, W, W);
    expect(third2?.holds).toBe(false);
    expect([at(third2!.alpha, 90, 130), at(third2!.alpha, 20, 70)]).toEqual([245, 0]);
  });

  it('looks at a product the first look barely marked beside a sure thing it kept, with that thing filled out; one further from the middle is not looked at', () => {
    // A poster of a person at the left, sure and kept; the dress beside it, nearer the middle line, marked
    // at alpha 30 and a third of the poster's size: no faint candidate of the kept thing (cropFor).
    const poster: [number, number, number, number, number] = [20, 20, 50, 110, 255];
    const posterBox = { left: 20, top: 20, width: 50, height: 110 };
    const first = mask([poster, [90, 40, 30, 70, 30]]);
    const kept = mask([poster]);
    expect(cropFor(first, kept, posterBox, W, W)).toBeNull();
    const crop = besideFor(first, kept, posterBox, W, W);
    expect(crop).not.toBeNull();
    // The crop holds the dress and leaves the poster out; the poster is filled out of the picture first.
    expect(crop!.box.left).toBeGreaterThan(70);
    expect(crop!.box.left + crop!.box.width).toBeGreaterThan(120);
    expect([crop!.hole![60 * W + 45], crop!.hole![60 * W + 100]]).toEqual([255, 0]);
    // The model, looking at the crop without the poster, marks the dress clearly: it is the product.
    const dress = mask([[90, 40, 30, 70, 240]]);
    const third = pickFromCrop(inCrop(dress, crop!.box), crop!, kept, posterBox, W, W);
    expect([at(third!.alpha, 100, 80), at(third!.alpha, 45, 60)]).toEqual([240, 0]);
    // The fill's ghost (a half-marked strip from the crop's edge) joined to the dress: the dress is what the model was sure of.
    const ghost = mask([
      [crop!.box.left, 90, 90 - crop!.box.left, 14, 150],
      [90, 40, 30, 70, 240],
    ]);
    const third2 = pickFromCrop(inCrop(ghost, crop!.box), crop!, kept, posterBox, W, W);
    expect([at(third2!.alpha, 100, 80), at(third2!.alpha, crop!.box.left + 2, 96)]).toEqual([240, 0]);
    // The same faint thing further from the middle line than the poster: no look (no model run).
    expect(besideFor(mask([poster, [160, 40, 30, 70, 30]]), kept, posterBox, W, W)).toBeNull();
  });

  it('takes no product that adds mostly what the cut found standing behind the kept one (leaves behind a mug, #1055); a dress round its stripe is taken', () => {
    const mug = mask([[100, 100, 50, 60, 255]]);
    const leaves = mask([[40, 70, 70, 50, 255]]);
    // The crop's product: the mug and the leaves behind it, marked sure as one.
    expect(
      addsBehind(
        mask([
          [100, 100, 50, 60, 255],
          [40, 70, 70, 50, 255],
        ]),
        mug,
        leaves,
      ),
    ).toBe(true);
    // A whole dress round the kept stripe adds cloth nothing stands behind.
    const stripe = mask([[95, 60, 10, 80, 255]]);
    expect(addsBehind(mask([[70, 60, 60, 80, 255]]), stripe, new Uint8Array(W * W))).toBe(false);
  });

  it('keeps a box the cut kept when the crop marks it with the faint sofa behind it; a larger thing reaching as low is taken', () => {
    // A white box on the floor, sure and kept, before a sofa the first look marked faintly (#569).
    const box: [number, number, number, number, number] = [80, 100, 40, 40, 255];
    const boxBox = { left: 80, top: 100, width: 40, height: 40 };
    const first = mask([[50, 70, 100, 50, 40], box]);
    const kept = mask([box]);
    const crop = cropFor(first, kept, boxBox, W, W);
    expect(crop).not.toBeNull();
    // In the crop the model marks sofa and box sure as one thing: the sofa's legs end 20 px above the
    // box's foot, so the box stands before it and stays the product.
    const sofaAndBox = mask([
      [50, 70, 100, 50, 250],
      [80, 100, 40, 40, 250],
    ]);
    expect(pickFromCrop(inCrop(sofaAndBox, crop!.box), crop!, kept, boxBox, W, W)).toBeNull();
    // A larger thing round the kept one that reaches as low (a whole bag round the half the cut kept) is taken.
    const whole = mask([[50, 70, 100, 70, 250]]);
    const third = pickFromCrop(inCrop(whole, crop!.box), crop!, kept, boxBox, W, W);
    expect(third?.holds).toBe(true);
    expect(at(third!.alpha, 60, 130)).toBe(250);
  });

  it('looks at the middle with what the model was sure of filled out when the cut keeps only a sliver aside; a sliver on the middle line or a product aside is left alone', () => {
    // A floor lamp at the right, sure (shade and pole); the cut kept its pole. The white dress nearer the
    // middle the first look did not mark at all: no faint candidate, no traces (#573, #576).
    const shade: [number, number, number, number, number] = [140, 10, 40, 25, 255];
    const pole: [number, number, number, number, number] = [158, 35, 4, 150, 255];
    const poleBox = { left: 158, top: 35, width: 4, height: 150 };
    const first = mask([shade, pole]);
    const kept = mask([pole]);
    expect(cropFor(first, kept, poleBox, W, W)).toBeNull();
    expect(besideFor(first, kept, poleBox, W, W)).toBeNull();
    const crop = paintedFor(first, kept, poleBox, W, W);
    expect(crop).not.toBeNull();
    // The middle of the picture, with the lamp (grown a little) filled out before the model looks.
    expect(crop!.box).toEqual({ left: 40, top: 20, width: 120, height: 160 });
    expect([crop!.hole![20 * W + 160], crop!.hole![100 * W + 160], crop!.hole![100 * W + 90]]).toEqual([255, 255, 0]);
    // The model marks the dress clearly in that look: it is the product, and the pole is not.
    const dress = mask([[70, 50, 50, 100, 240]]);
    const third = pickFromCrop(inCrop(dress, crop!.box), crop!, kept, poleBox, W, W);
    expect(third?.holds).toBe(false);
    expect([at(third!.alpha, 90, 100), at(third!.alpha, 160, 100)]).toEqual([240, 0]);
    // Only the fill's blur, faintly: the cut stays as it was.
    expect(pickFromCrop(inCrop(mask([[70, 50, 50, 100, 90]]), crop!.box), crop!, kept, poleBox, W, W)).toBeNull();
    // A sliver on the middle line (a pen) and a product aside that is no sliver (an off-centre tote): no look.
    expect(
      paintedFor(
        mask([[98, 40, 4, 120, 255]]),
        mask([[98, 40, 4, 120, 255]]),
        { left: 98, top: 40, width: 4, height: 120 },
        W,
        W,
      ),
    ).toBeNull();
    expect(
      paintedFor(
        mask([[130, 80, 50, 60, 255]]),
        mask([[130, 80, 50, 60, 255]]),
        { left: 130, top: 80, width: 50, height: 60 },
        W,
        W,
      ),
    ).toBeNull();
  });

  it('takes a lamp’s pole on its wide foot for a sliver, and a thing of its own nearer the middle for the product then, by no margin (issue 44, #2208)', () => {
    // The pole (x 170-174, y 40-180) on a foot 30 wide: its box is 30 x 146, the pole a sliver still.
    const lamp = mask([
      [170, 40, 4, 140, 255],
      [157, 180, 30, 6, 255],
    ]);
    const lampBox = { left: 157, top: 40, width: 30, height: 146 };
    expect(sliver(lamp, lampBox, W)).toBe(true);
    // A bottle is none.
    expect(sliver(mask([[90, 40, 30, 110, 255]]), { left: 90, top: 40, width: 30, height: 110 }, W)).toBe(false);
    // A white tee the colour found, 0.08 of the width nearer the middle line than the lamp (under NEARER).
    const whole = { left: 0, top: 0, width: W, height: W };
    const tee = mask([[24, 40, 40, 100, 255]]);
    const found = pickFromCrop(tee, { candidate: whole, box: whole }, lamp, lampBox, W, W);
    expect(found?.holds).toBe(false);
    expect([at(found!.alpha, 40, 80), at(found!.alpha, 172, 80)]).toEqual([255, 0]);
    // A bag kept there (no sliver) stays: a thing so little nearer is no product it overlooked.
    const bag = mask([[157, 100, 30, 86, 255]]);
    expect(
      pickFromCrop(tee, { candidate: whole, box: whole }, bag, { left: 157, top: 100, width: 30, height: 86 }, W, W),
    ).toBeNull();
  });

  it('looks past a sure plant kept aside at a faint bag before its pot when the faint candidate’s crop, cut at the plant, found nothing', () => {
    // A plant at the left, its leaves sure and kept; its dark pot and a black bag standing before it,
    // nearer the middle line, marked faintly as one mass (#734). The faint candidate's crop starts
    // inside the plant's inner side and halves the bag: the model marks nothing whole there.
    const leaves: [number, number, number, number, number] = [10, 60, 70, 45, 255];
    const leavesBox = { left: 10, top: 60, width: 70, height: 45 };
    const pot: [number, number, number, number, number] = [25, 105, 35, 40, 40];
    const bagBox = { left: 50, top: 115, width: 55, height: 45 };
    const first = mask([leaves, pot, [bagBox.left, bagBox.top, bagBox.width, bagBox.height, 40]]);
    const kept = mask([leaves]);
    const looks = looksFor(first, kept, leavesBox, W, W);
    // The faint candidate's crop first (the old look, cut at the plant's inner side, left of the bag's
    // middle), then the look past everything sure, whose crop holds the whole bag.
    expect(looks).toHaveLength(2);
    expect(looks[0]!.hole).toBeUndefined();
    expect(looks[0]!.box.left).toBeGreaterThan(bagBox.left);
    const beside = looks[1]!;
    expect(beside.box.left).toBeLessThanOrEqual(bagBox.left);
    expect(beside.box.left + beside.box.width).toBeGreaterThanOrEqual(bagBox.left + bagBox.width);
    // The leaves are filled out of the picture before that look; the bag is not.
    expect([beside.hole![80 * W + 40], beside.hole![140 * W + 80]]).toEqual([255, 0]);
    // Without the leaves the model marks the bag clearly and the pot not: the bag is the product.
    const bag = mask([[bagBox.left, bagBox.top, bagBox.width, bagBox.height, 245]]);
    const third = pickFromCrop(inCrop(bag, beside.box), beside, kept, leavesBox, W, W);
    expect([at(third!.alpha, 80, 140), at(third!.alpha, 30, 80), at(third!.alpha, 30, 125)]).toEqual([245, 0, 0]);
    // A plant on the middle line with the same faint mass beside it: nothing nearer the middle to look at.
    const central: [number, number, number, number, number] = [70, 60, 60, 45, 255];
    const centralBox = { left: 70, top: 60, width: 60, height: 45 };
    const looks2 = looksFor(mask([central, [75, 105, 50, 50, 40]]), mask([central]), centralBox, W, W);
    expect(looks2.every((l) => l.hole === undefined)).toBe(true);
  });

  it('keeps a sure off-centre bag when the faint candidate is a picture on the wall about as far off the middle', () => {
    // An off-centre bag at the lower left, sure and kept (centre 0.26 of the width); a framed picture at
    // the upper right marked faintly (centre 0.70: 0.04 of the width nearer the middle line, #821).
    const bag: [number, number, number, number, number] = [25, 110, 55, 70, 245];
    const bagBox = { left: 25, top: 110, width: 55, height: 70 };
    const frame: [number, number, number, number, number] = [115, 20, 50, 55, 30];
    const crop = cropFor(mask([bag, frame]), mask([bag]), bagBox, W, W);
    expect(crop).not.toBeNull();
    // In the crop the model marks the picture clearly; it stands no nearer the middle than a margin: the
    // bag stays the product (the picture is a left-out choice).
    const sure = mask([[115, 20, 50, 55, 245]]);
    expect(pickFromCrop(inCrop(sure, crop!.box), crop!, mask([bag]), bagBox, W, W)).toBeNull();
    // The same bag kept beside a thing clearly nearer the middle line (centre 0.55) found in the same way: taken.
    const near: [number, number, number, number, number] = [90, 20, 40, 55, 30];
    const crop2 = cropFor(mask([bag, near]), mask([bag]), bagBox, W, W);
    const third = pickFromCrop(inCrop(mask([[90, 20, 40, 55, 245]]), crop2!.box), crop2!, mask([bag]), bagBox, W, W);
    expect([at(third!.alpha, 110, 40), at(third!.alpha, 50, 150)]).toEqual([245, 0]);
  });

  it('takes no product that adds a little of another colour beside the kept one (a sofa’s end by a black bag, #1945); a sole, a dress round its stripe or a second shoe is taken', () => {
    // A picture of a mid-grey wall with painted things (rgb), the bag black.
    const rgb = Buffer.alloc(W * W * 3, 128);
    const paint = ([l, t, w, h]: number[], c: [number, number, number]) => {
      for (let y = t!; y < t! + h!; y++) for (let x = l!; x < l! + w!; x++) rgb.set(c, (y * W + x) * 3);
    };
    const image = { width: W, height: W, rgb };
    paint([80, 80, 60, 80], [25, 25, 25]);
    paint([40, 90, 38, 40], [80, 120, 80]);
    paint([80, 160, 60, 8], [235, 235, 230]);
    paint([20, 120, 40, 40], [25, 25, 25]);
    const bag = mask([[80, 80, 60, 80, 255]]);
    const bagBox = { left: 80, top: 80, width: 60, height: 80 };
    // The crop's product: the bag and the green sofa's end left of it (a third of its size).
    const withBag = (thing: [number, number, number, number]) =>
      mask([
        [80, 80, 60, 80, 255],
        [...thing, 255],
      ]);
    expect(addsThingBeside(image, withBag([40, 90, 38, 40]), bag, bagBox)).toBe(true);
    // A white sole under the bag, within its columns: its own.
    expect(addsThingBeside(image, mask([[80, 80, 60, 88, 255]]), bag, bagBox)).toBe(false);
    // A second black shoe beside the first: of its colour.
    expect(addsThingBeside(image, withBag([20, 120, 40, 40]), bag, bagBox)).toBe(false);
    // A whole dress round a kept stripe adds far more than the stripe: a larger product, taken.
    paint([60, 30, 100, 40], [200, 60, 60]);
    paint([100, 30, 10, 40], [60, 60, 200]);
    expect(
      addsThingBeside(image, mask([[60, 30, 100, 40, 255]]), mask([[100, 30, 10, 40, 255]]), {
        left: 100,
        top: 30,
        width: 10,
        height: 40,
      }),
    ).toBe(false);
  });

  it('takes a thing of its own anywhere in a look past a plant’s leaves the cut kept (plantLook, #1950); elsewhere a thing must stand nearer the middle', () => {
    // The cut kept the leaves (on the middle line); with them filled out the model marks a bag below them.
    const leaves: [number, number, number, number, number] = [70, 40, 70, 50, 255];
    const leavesBox = { left: 70, top: 40, width: 70, height: 50 };
    const whole = { left: 0, top: 0, width: W, height: W };
    const hole = mask([[68, 38, 74, 54, 255]]);
    const bag = mask([[60, 100, 60, 60, 245]]);
    const third = pickFromCrop(bag, { candidate: whole, box: whole, hole, plant: true }, mask([leaves]), leavesBox, W, W);
    expect(third?.holds).toBe(false);
    expect([at(third!.alpha, 90, 130), at(third!.alpha, 100, 60)]).toEqual([245, 0]);
    // The same look past a thing that is no plant: the bag stands no nearer the middle line, no product.
    expect(pickFromCrop(bag, { candidate: whole, box: whole, hole }, mask([leaves]), leavesBox, W, W)).toBeNull();
    // It stands with the plant (before it, down to a lower foot); a frame on the wall far from green leaves,
    // a poster beside them ending higher, or the fill's ghost in the leaves' own place does not.
    expect(withPlant({ left: 60, top: 100, width: 60, height: 60 }, leavesBox)).toBe(true);
    expect(withPlant({ left: 30, top: 100, width: 50, height: 90 }, { left: 90, top: 110, width: 60, height: 70 })).toBe(true);
    expect(withPlant({ left: 170, top: 5, width: 25, height: 30 }, { left: 20, top: 120, width: 50, height: 60 })).toBe(false);
    expect(withPlant({ left: 10, top: 20, width: 50, height: 100 }, { left: 80, top: 30, width: 50, height: 100 })).toBe(false);
    expect(withPlant({ left: 68, top: 38, width: 74, height: 56 }, leavesBox)).toBe(false);
    // Nor does the plant's own pot under the leaves, narrower than them (#1600).
    expect(withPlant({ left: 85, top: 88, width: 40, height: 50 }, leavesBox)).toBe(false);
    // The bag was overlooked (the first look marked none of it sure); a poster beside a green hoodie the first look
    // was sure of was left out by the cut's rules (#1786): no overlooked product.
    expect(sureShare(bag, mask([leaves]))).toBe(0);
    expect(sureShare(bag, mask([leaves, [60, 100, 60, 60, 200]]))).toBe(1);
  });

  it('keeps the hanger with the body found under it, not the rail it hangs on (withFlatThing, #2048)', () => {
    // A rail across the picture, a hanger on it (both kept by the cut), a dress found under the hanger.
    const kept = mask([
      [10, 20, 180, 4, 255],
      [75, 24, 50, 10, 255],
    ]);
    const dress = mask([[70, 34, 60, 120, 255]]);
    const alpha = withFlatThing(dress, kept, { left: 70, top: 34, width: 60, height: 120 }, W);
    // The hanger and the rail over the dress stay; the rail's ends beyond the dress's sides do not.
    expect([at(alpha, 100, 28), at(alpha, 100, 80), at(alpha, 100, 21)]).toEqual([255, 255, 255]);
    expect([at(alpha, 20, 21), at(alpha, 180, 21)]).toEqual([0, 0]);
  });
});
