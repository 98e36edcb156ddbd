import { describe, expect, it } from 'vitest';
import { splitByColour } from './colour-parts.ts';
import { grow } from './imaging.ts';
import { cellAt, describe as describeRegion, insideShare, mainRegion, type RegionMap, regionMap } from './regions.ts';

const S = 400;
type Rgb = [number, number, number];

/**
 * A drawn picture of S x S: rectangles [left, top, width, height] painted in order (later ones in front)
 * on a light wall, all of them marked sure by the "model". Returns whether a point lies in what the
 * colour split takes for the product.
 */
function productOf(...shapes: Array<[[number, number, number, number], Rgb]>) {
  const of = partOf(...shapes);
  return (x: number, y: number) => of(x, y) === 'product';
}

/** As `productOf`, but what the split makes of a point: 'product', or the label of the part beside it. */
function partOf(...shapes: Array<[[number, number, number, number], Rgb]>) {
  const { split } = splitOf(...shapes);
  return (x: number, y: number) => {
    const label = split.map.labels[y * S + x]!;
    return label === split.product.label ? 'product' : label;
  };
}

/** The map's cell at a pixel. */
const cellOf = (map: RegionMap, x: number, y: number) => cellAt(map, [x / map.width, y / map.height]);

/** The colour split of the drawn picture itself. */
function splitOf(...shapes: Array<[[number, number, number, number], Rgb]>) {
  const rgb = new Uint8Array(S * S * 3).fill(225);
  const mask = new Uint8Array(S * S);
  for (const [[l, t, w, h], c] of shapes)
    for (let y = t; y < t + h; y++)
      for (let x = l; x < l + w; x++) {
        rgb.set(c, (y * S + x) * 3);
        mask[y * S + x] = 255;
      }
  const map = regionMap(mask, S, S);
  const split = splitByColour(map, mainRegion(map)!, rgb, (b) => grow(b, 0.2, 0, S, S), insideShare, 0.6, describeRegion);
  return { split, label: (x: number, y: number) => split.map.labels[y * S + x]! };
}

describe('the product split from what touches it by colour (issue 44)', () => {
  it('starts at the bag, not at the larger potted plant beside it (leaves over a pot, #1086)', () => {
    const leaves: [[number, number, number, number], Rgb] = [
      [200, 60, 150, 120],
      [47, 125, 50],
    ];
    const bag: [[number, number, number, number], Rgb] = [
      [110, 180, 120, 110],
      [214, 185, 140],
    ];
    const has = productOf(leaves, bag, [
      [225, 180, 90, 90],
      [61, 61, 61],
    ]);
    expect(has(160, 240)).toBe(true);
    expect(has(275, 100)).toBe(false);
    // Without a pot under it, a green thing larger and as central is the product (a green box on a bag).
    const box = productOf(leaves, bag);
    expect(box(275, 100)).toBe(true);
  });

  it('leaves green leaves out between a dark mug and the dark pot standing before them (no stripe of the mug)', () => {
    const has = productOf(
      [
        [60, 80, 160, 160],
        [42, 110, 44],
      ], // leaves, behind
      [
        [80, 220, 110, 130],
        [58, 58, 58],
      ], // the pot before them
      [
        [200, 120, 140, 220],
        [55, 55, 55],
      ], // the mug, in front of the leaves' edge
    );
    expect(has(270, 230)).toBe(true);
    expect(has(100, 150)).toBe(false);
    expect(has(130, 300)).toBe(false);
  });

  it('leaves out leaves of the box’s dye above it and set off sideways; a shaded side beside it stays', () => {
    const box = productOf(
      [
        [220, 60, 150, 150],
        [42, 110, 44],
      ], // leaves above and right, behind
      [
        [120, 200, 180, 180],
        [46, 111, 78],
      ], // a green box before them
    );
    expect(box(210, 290)).toBe(true);
    expect(box(320, 120)).toBe(false);
    // A red shirt's shaded side (the same dye, darker) beside its lit side is the shirt's own.
    const shirt = productOf(
      [
        [100, 80, 110, 240],
        [200, 40, 50],
      ],
      [
        [210, 80, 90, 240],
        [150, 30, 38],
      ],
    );
    expect(shirt(150, 200)).toBe(true);
    expect(shirt(260, 200)).toBe(true);
  });

  it('leaves out a plant’s leaves of the box’s dye reaching down behind it, over their pot (issue 44, #1374)', () => {
    const box = productOf(
      [
        [180, 120, 180, 150],
        [42, 110, 44],
      ], // leaves behind the box, down into its height (not set off above it)
      [
        [250, 240, 70, 110],
        [40, 40, 42],
      ], // their dark pot under them
      [
        [80, 200, 180, 170],
        [46, 111, 78],
      ], // a green box before both
    );
    expect(box(150, 300)).toBe(true);
    expect(box(320, 150)).toBe(false);
  });

  it('takes the green box on the middle line, not the leaves of its dye aside above it, when the two nearly tie (their pot unmarked, issue 44, #1726)', () => {
    const box = productOf(
      [
        [50, 130, 160, 100],
        [42, 110, 44],
      ], // leaves above and left, a little larger, their dark pot unmarked by the model
      [
        [140, 225, 120, 125],
        [46, 111, 78],
      ], // a green box before the pot, on the middle line
    );
    expect(box(200, 300)).toBe(true);
    expect(box(90, 150)).toBe(false);
  });

  it('leaves out a shelf at a green shirt’s shoulder and the green book on it (no stripe of a print, issue 44, #1699)', () => {
    const shirt = productOf(
      [
        [40, 150, 175, 16],
        [110, 72, 40],
      ], // the shelf's board, touching the sleeve
      [
        [60, 95, 22, 55],
        [47, 120, 80],
      ], // a book of the shirt's green on it
      [
        [90, 100, 20, 50],
        [205, 160, 60],
      ], // a yellow book
      [
        [200, 60, 150, 240],
        [45, 122, 82],
      ], // the shirt
    );
    expect(shirt(270, 200)).toBe(true);
    expect(shirt(100, 158)).toBe(false);
    expect(shirt(70, 120)).toBe(false);
  });

  it('keeps a striped shirt laid flat as one product (a stripe of its colour again beyond another is a print)', () => {
    const stripes: Array<[[number, number, number, number], Rgb]> = [];
    for (let k = 0; k < 6; k++) stripes.push([[100, 80 + k * 40, 200, 40], k % 2 ? [240, 240, 236] : [31, 45, 92]]);
    const shirt = productOf(...stripes);
    // The inner stripes (the outer ones join as parts within the box, as the cut keeps them).
    expect([1, 2, 3, 4].map((k) => shirt(200, 100 + k * 40))).toEqual([true, true, true, true]);
  });

  it('keeps a grey and black striped shirt whole under a fold’s shading (issue 44, #837)', () => {
    // Upright stripes, each darker towards the right: a grey stripe again beyond a black one is
    // more than 8 CIELAB units off the first grey, but far nearer it than the black between.
    const greys = [126, 66, 108, 38, 88, 34];
    const shirt = productOf(
      ...greys.map((g, k): [[number, number, number, number], Rgb] => [
        [80 + k * 40, 60, 40, 280],
        [g, g, g],
      ]),
    );
    // The inner stripes (the outer ones join as parts within the box, as the cut keeps them).
    expect([1, 2, 3, 4].map((k) => shirt(100 + k * 40, 200))).toEqual([true, true, true, true]);
  });

  it('keeps a hoodie of grey and black stripes joined at a grey yoke whole (its dark stripes end a cell lower at the hem: none stands before the grey)', () => {
    const grey: Rgb = [118, 118, 118];
    const black: Rgb = [42, 42, 42];
    const hoodie = productOf(
      [[100, 80, 200, 40], grey], // the yoke across the shoulders
      [[100, 120, 40, 200], grey],
      [[140, 120, 40, 204], black],
      [[180, 120, 40, 200], grey],
      [[220, 120, 40, 204], black],
      [[260, 120, 40, 200], grey],
    );
    // The grey and the black stripe the product starts at are the hoodie's own (the colour split had kept
    // that one black stripe: the grey, spanning it, was taken for a thing behind); the other black
    // stripe joins as a part within the box, as the cut keeps it.
    expect([120, 200, 240, 280].map((x) => hoodie(x, 220))).toEqual([true, true, true, true]);
    expect(hoodie(200, 100)).toBe(true);
  });

  it('keeps a striped dress on a mannequin whole: the pole below its middle stripe is no lower hem (issue 44, #1476)', () => {
    // Grey and dark stripes on a mannequin, each a little darker towards the right (the light from the
    // left); the stand's pole, of the middle stripe's grey, reaches far below the hem.
    const greys = [70, 130, 60, 118, 40, 92, 34];
    const dress = productOf(
      ...greys.map((g, k): [[number, number, number, number], Rgb] => [
        [60 + k * 40, 60, 40, 240],
        [g, g, g],
      ]),
      [
        [192, 300, 16, 80],
        [118, 118, 118],
      ], // the pole
    );
    // The inner stripes either side of the middle one were taken for a thing behind it (the middle reached
    // lower); the outer ones join as parts within the box, as the cut keeps them.
    expect([120, 160, 200, 240, 280].map((x) => dress(x, 200))).toEqual([true, true, true, true, true]);
  });

  it('keeps a print whose dark stripes the model half-saw: the light stripes beyond them are the product’s, the faint bands between its own (issue 44, #1474)', () => {
    // Light and dark green stripes 24 wide; the model is sure of the light ones and marks the dark ones at 90.
    const rgb = new Uint8Array(S * S * 3).fill(225);
    const mask = new Uint8Array(S * S);
    for (let y = 60; y < 340; y++)
      for (let x = 104; x < 296; x++) {
        const light = Math.floor((x - 104) / 24) % 2 === 0;
        rgb.set(light ? [126, 184, 150] : [40, 104, 70], (y * S + x) * 3);
        mask[y * S + x] = light ? 255 : 90;
      }
    const map = regionMap(mask, S, S, 64);
    const split = splitByColour(map, mainRegion(map)!, rgb, (b) => grow(b, 0.2, 0, S, S), insideShare, 0.6, describeRegion);
    const label = (x: number, y: number) => split.map.labels[cellOf(split.map, x, y)]!;
    // Every light stripe is the product's, though none touches another (the colour split had kept one).
    expect([116, 164, 212, 260].map((x) => label(x, 200))).toEqual(Array(4).fill(split.product.label));
    // The dark bands between them are listed to be kept sure (the cut keeps them where the model marked them).
    const bands = new Set(split.bands);
    expect([140, 188, 236].map((x) => bands.has(cellOf(split.map, x, 200)))).toEqual([true, true, true]);
    // The wall beside the dress is no band.
    expect(bands.has(cellOf(split.map, 60, 200))).toBe(false);
  });

  it('lists no band where the model was unsure of a plain dress between two sure pieces (one colour: no print, #1527)', () => {
    const rgb = new Uint8Array(S * S * 3).fill(225);
    const mask = new Uint8Array(S * S);
    for (let y = 60; y < 340; y++)
      for (let x = 104; x < 296; x++) {
        rgb.set([214, 204, 186], (y * S + x) * 3);
        mask[y * S + x] = x >= 176 && x < 224 ? 90 : 255;
      }
    const map = regionMap(mask, S, S, 64);
    const split = splitByColour(map, mainRegion(map)!, rgb, (b) => grow(b, 0.2, 0, S, S), insideShare, 0.6, describeRegion);
    expect(split.bands).toEqual([]);
  });

  it('keeps a shoe’s sole apart from the plant whose pot it touches (what the box took in is never grouped with a thing beyond it, issue 44, #905)', () => {
    const rgb = new Uint8Array(S * S * 3).fill(225);
    const mask = new Uint8Array(S * S);
    const paint = ([l, t, w, h]: [number, number, number, number], c: Rgb) => {
      for (let y = t; y < t + h; y++)
        for (let x = l; x < l + w; x++) {
          rgb.set(c, (y * S + x) * 3);
          mask[y * S + x] = 255;
        }
    };
    paint([0, 90, 70, 80], [60, 140, 60]); // leaves
    paint([10, 170, 50, 80], [40, 40, 40]); // their pot, on the floor
    paint([100, 150, 220, 80], [210, 195, 160]); // the shoe's upper
    paint([60, 230, 260, 20], [240, 236, 228]); // its white sole, reaching the pot
    const map = regionMap(mask, S, S);
    const split = splitByColour(map, mainRegion(map)!, rgb, (b) => grow(b, 0.2, 0, S, S), insideShare, 0.6, describeRegion);
    const label = (x: number, y: number) => split.map.labels[y * S + x];
    expect(label(200, 190)).toBe(split.product.label);
    // The sole is the shoe's (its own, at a hem under the upper, or a part the cut keeps with it), not one
    // with the pot and the leaves.
    const sole = label(200, 240) === split.product.label ? split.product : split.rest.find((r) => r.label === label(200, 240))!;
    expect(sole).toBeDefined();
    expect(label(35, 200)).not.toBe(sole.label);
    expect(sole.box.left).toBeGreaterThanOrEqual(50);
    // A pot the box rule takes in beside the shoe (mostly off its width) stays one thing with its leaves (#41).
    rgb.fill(225);
    mask.fill(0);
    paint([40, 90, 80, 95], [60, 140, 60]); // leaves over the pot
    paint([70, 180, 40, 70], [190, 90, 50]); // the pot, within the shoe's box grown
    paint([100, 150, 220, 80], [210, 195, 160]); // the shoe before it
    const map2 = regionMap(mask, S, S);
    const split2 = splitByColour(map2, mainRegion(map2)!, rgb, (b) => grow(b, 0.2, 0, S, S), insideShare, 0.6, describeRegion);
    expect(split2.map.labels[200 * S + 85]).not.toBe(split2.product.label);
    expect(split2.map.labels[200 * S + 85]).toBe(split2.map.labels[120 * S + 60]);
  });

  it('keeps an outfit whole: a shirt over trousers that start at its hem (no thing standing before it, unlike a pot below leaves)', () => {
    const navy: Rgb = [31, 45, 92];
    const khaki: Rgb = [195, 168, 120];
    const outfit = productOf(
      [[110, 50, 180, 50], navy], // the shoulders and short sleeves
      [[150, 50, 100, 150], navy], // the shirt's body down to its hem
      [[152, 196, 96, 174], khaki], // the trousers from the hem down (a seam cell holds both)
    );
    expect(outfit(200, 120)).toBe(true);
    expect(outfit(200, 300)).toBe(true);
    // A pot below leaves that spread past its rim still stands before them: the box beside it is the product.
    const box = productOf(
      [
        [40, 60, 200, 150],
        [42, 110, 44],
      ], // leaves
      [
        [100, 200, 80, 120],
        [181, 86, 44],
      ], // their pot, over the leaves' lowest rows
      [
        [220, 170, 130, 180],
        [70, 90, 150],
      ], // a blue box before the plant
    );
    expect(box(280, 260)).toBe(true);
    expect(box(140, 260)).toBe(false);
  });
  it('takes a striped jacket, not the larger plain paper of the poster it touches, for the product (issue 44, #922)', () => {
    const peach: Rgb = [226, 160, 110];
    const orange: Rgb = [196, 110, 50];
    const stripes: Array<[[number, number, number, number], Rgb]> = [];
    for (let k = 0; k < 6; k++) stripes.push([[60 + k * 28, 100, 28, 240], k % 2 ? orange : peach]);
    const part = partOf(
      [
        [226, 30, 164, 330],
        [240, 238, 232],
      ], // the poster's paper
      [
        [270, 90, 80, 200],
        [150, 40, 50],
      ], // the dress of the person on it
      ...stripes,
    );
    expect([74, 130, 200].map((x) => part(x, 200))).toEqual(['product', 'product', 'product']);
    // The poster, paper and dress, is one part beside it: one click keeps it.
    expect(part(240, 330)).not.toBe('product');
    expect(part(240, 330)).toBe(part(310, 200));
  });

  it('makes a sofa seen left and right of the mug before it one part (one click drops it whole, issue 44, #920)', () => {
    const part = partOf(
      [
        [30, 150, 340, 120],
        [168, 92, 74],
      ], // the sofa
      [
        [140, 110, 120, 220],
        [238, 236, 230],
      ], // a white mug before it
    );
    expect(part(200, 200)).toBe('product');
    expect(part(60, 200)).not.toBe('product');
    expect(part(60, 200)).toBe(part(340, 200));
  });

  it('leaves out green leaves hanging over a striped dress’s edge, past it (no stripe of the print, issue 44, #960)', () => {
    const stripes: Array<[[number, number, number, number], Rgb]> = [];
    for (let x = 180; x < 340; x += 20) stripes.push([[x, 40, 20, 320], x % 40 ? [88, 52, 128] : [146, 108, 186]]);
    const has = productOf(
      ...stripes,
      [
        [20, 220, 210, 150],
        [46, 120, 52],
      ], // leaves before the dress's lower left, reaching far past it
    );
    expect(has(270, 120)).toBe(true);
    expect(has(310, 300)).toBe(true);
    expect(has(80, 300)).toBe(false);
  });

  it('leaves out a sofa behind the mug, both its sides, though one side lies in the mug’s box and the other is of its dye (depth order, issue 44, #1048)', () => {
    const sofa: Rgb = [168, 92, 74];
    const { split, label } = splitOf(
      [[40, 150, 320, 130], sofa], // the seat, left and right of the mug
      [[200, 120, 160, 30], sofa], // its back, showing above the mug's top on the right
      [
        [120, 140, 150, 230],
        [58, 110, 165],
      ], // a blue mug before it, reaching lower
    );
    expect(label(195, 300)).toBe(split.product.label);
    expect(label(80, 200)).not.toBe(split.product.label);
    expect(label(80, 200)).toBe(label(320, 200));
    expect(split.behind.map((r) => r.label)).toContain(label(80, 200));
  });

  it('leaves out leaves of the mug’s dye rising behind it, their pot unseen (depth order, issue 44, #1534)', () => {
    const { split, label } = splitOf(
      [
        [40, 100, 200, 130],
        [78, 130, 52],
      ], // the leaves, down behind the mug's left side
      [
        [170, 150, 170, 180],
        [50, 115, 70],
      ], // a green mug before them, reaching lower (within 20 degrees of the leaves' hue)
    );
    expect(label(250, 260)).toBe(split.product.label);
    expect(label(100, 130)).not.toBe(split.product.label);
    expect(split.behind.map((r) => r.label)).toContain(label(100, 130));
  });

  it('leaves out a potted plant behind the mug whose pot it touches, leaves and pot together (depth order, issue 44, #1151)', () => {
    const { split, label } = splitOf(
      [
        [240, 90, 120, 90],
        [47, 125, 50],
      ], // the leaves
      [
        [290, 180, 40, 30],
        [47, 125, 50],
      ], // their stems down to the pot's rim
      [
        [250, 210, 80, 100],
        [181, 86, 44],
      ], // the pot
      [
        [120, 170, 170, 180],
        [58, 110, 165],
      ], // a blue mug before the pot, reaching lower
    );
    expect(label(200, 300)).toBe(split.product.label);
    expect(label(310, 260)).not.toBe(split.product.label);
    expect(label(300, 120)).not.toBe(split.product.label);
    const behind = split.behind.map((r) => r.label);
    expect(behind).toContain(label(310, 260));
    expect(behind).toContain(label(300, 120));
  });

  it('keeps what stands before the product or within its sides: a sole under the shoe, a bag’s handle above it (no depth order)', () => {
    const sole = splitOf(
      [
        [100, 150, 200, 120],
        [40, 40, 44],
      ], // a black shoe's upper
      [
        [90, 270, 220, 30],
        [240, 240, 236],
      ], // its white sole, lower
    );
    expect(sole.split.behind).toEqual([]);
    const bag = splitOf(
      [
        [160, 60, 80, 80],
        [90, 60, 40],
      ], // a handle above
      [
        [100, 140, 200, 180],
        [214, 185, 140],
      ], // the bag
    );
    expect(bag.split.behind).toEqual([]);
  });

  it('leaves out a cream lamp shade at a mustard shirt’s shoulder: a pale tint of its dye beside it; a pale stripe running along it stays (issue 44, #2080)', () => {
    const mustard: Rgb = [215, 180, 80];
    const cream: Rgb = [240, 225, 185];
    const shirt: [[number, number, number, number], Rgb] = [[120, 100, 140, 220], mustard];
    const has = productOf(shirt, [[240, 115, 100, 60], cream]);
    expect(has(180, 200)).toBe(true);
    expect(has(320, 140)).toBe(false);
    const striped = productOf(shirt, [[260, 100, 30, 220], cream]);
    expect(striped(275, 250)).toBe(true);
  });

  it('leaves out a sofa behind a white mug joined to a skirting board of its white: a thin strip is no body to stand before (issue 44, #2105)', () => {
    const { split, label } = splitOf(
      [
        [70, 160, 200, 96],
        [168, 92, 74],
      ], // the sofa, smaller than the mug: within its box it would be taken in
      [
        [40, 256, 320, 10],
        [240, 240, 236],
      ], // the skirting board under it, of the mug's white
      [
        [150, 100, 110, 220],
        [240, 240, 236],
      ], // the mug before it, reaching lower
    );
    expect(label(200, 200)).toBe(split.product.label);
    expect(label(90, 200)).not.toBe(split.product.label);
    expect(split.behind.map((r) => r.label)).toContain(label(90, 200));
  });
});
