import { describe, expect, it } from 'vitest';
import type { Rgba } from './imaging.ts';
import { fadesOut, groundShadow, openSeenThrough, removeSourceShadow, restageShadow } from './shadows.ts';

/** A cut as the model leaves it: a product (two dark boxes, like a pair of shoes) plus its kept grey floor shadow. */
function cutWithShadow(): { cut: Rgba; product: (x: number, y: number) => boolean; shadow: (x: number, y: number) => boolean } {
  const width = 400;
  const height = 300;
  const data = Buffer.alloc(width * height * 4);
  const backdrop = [232, 228, 220];
  const product = (x: number, y: number) => y >= 120 && y < 220 && ((x >= 80 && x < 180) || (x >= 220 && x < 320));
  // The floor shadow: an ellipse under the product, the backdrop dimmed to 55 % in the middle and
  // fading out to the backdrop at its rim, as a soft shadow does.
  const reach = (x: number, y: number) => ((x - 200) / 170) ** 2 + ((y - 222) / 22) ** 2;
  const shadow = (x: number, y: number) => !product(x, y) && reach(x, y) <= 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let colour = backdrop;
      let alpha = 0;
      if (product(x, y)) {
        colour = [150, 40, 35];
        alpha = 255;
      } else if (shadow(x, y)) {
        const d = reach(x, y);
        colour = backdrop.map((v) => Math.round(v * (0.55 + 0.45 * d ** 2)));
        alpha = Math.round(230 * (1 - d ** 3));
      }
      data[i] = colour[0]!;
      data[i + 1] = colour[1]!;
      data[i + 2] = colour[2]!;
      data[i + 3] = alpha;
    }
  return { cut: { width, height, data }, product, shadow };
}

describe('source shadows', () => {
  it('removes the grey floor shadow the cut kept and keeps the product', () => {
    const { cut, product, shadow } = cutWithShadow();
    const out = removeSourceShadow(cut);
    let shadowKept = 0;
    let shadowAll = 0;
    let productKept = 0;
    let productAll = 0;
    for (let y = 0; y < cut.height; y++)
      for (let x = 0; x < cut.width; x++) {
        const a = out.data[(y * cut.width + x) * 4 + 3]!;
        if (product(x, y)) {
          productAll++;
          if (a >= 128) productKept++;
        } else if (shadow(x, y)) {
          shadowAll++;
          if (a >= 128) shadowKept++;
        }
      }
    expect(shadowKept / shadowAll).toBeLessThan(0.05);
    expect(productKept / productAll).toBeGreaterThan(0.99);
  });

  it('keeps a product of the backdrop colour a little darker whole (a pale dress on a wall of its tone: its hem is no shadow)', () => {
    const width = 200;
    const height = 200;
    const wall = [232, 228, 220];
    // Dimmed to 0.87 and to 0.92 on every channel: the paler one fades into the wall beside it, as a shadow's rim does.
    for (const dim of [0.87, 0.92]) {
      const data = Buffer.alloc(width * height * 4);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const inside = x >= 50 && x < 150 && y >= 20 && y < 180;
          data.set([...wall.map((v) => Math.round(inside ? v * dim : v)), inside ? 255 : 0], (y * width + x) * 4);
        }
      const out = removeSourceShadow({ width, height, data });
      let kept = 0;
      for (let y = 20; y < 180; y++) for (let x = 50; x < 150; x++) if (out.data[(y * width + x) * 4 + 3]! >= 128) kept++;
      // Its low part looks like the wall in shadow, but the same dimming goes on up to its top: one thing.
      expect({ dim, kept: kept / (100 * 160) > 0.99 }).toEqual({ dim, kept: true });
    }
  });
});

describe('a dark band at the product’s foot (issue 44, #1392)', () => {
  // A black bag's foot on a light floor: a band 20 px tall reaching 40 px past the bag on both sides, marked
  // sure as the bag is. Its ends either fade into the floor over 30 px (a contact shadow) or stop (a sole).
  const W = 300;
  const H = 100;
  const band = new Uint8Array(W * H);
  for (let y = 40; y < 60; y++) for (let x = 60; x < 240; x++) band[y * W + x] = 255;
  const picture = (fade: number, colour: [number, number, number] = [45, 45, 45]) => {
    const rgb = new Uint8Array(W * H * 3).fill(208);
    for (let y = 40; y < 60; y++)
      for (let x = 0; x < W; x++) {
        // Distance into the band from its nearer end (negative outside it).
        const inside = Math.min(x - 60, 239 - x);
        const t = fade ? Math.min(1, Math.max(0, (inside + fade / 2) / fade)) : inside >= 0 ? 1 : 0;
        for (let c = 0; c < 3; c++) rgb[(y * W + x) * 3 + c] = Math.round(208 - (208 - colour[c]!) * t);
      }
    return rgb;
  };

  it('calls a band that fades into the floor at both ends a shadow, not one that stops in a step', () => {
    expect(fadesOut(band, picture(30), W, H)).toBe(true);
    expect(fadesOut(band, picture(0), W, H)).toBe(false);
    // A pale sole on a dark floor is lighter than the floor: no shadow.
    expect(
      fadesOut(
        band,
        picture(30).map((v) => 255 - v),
        W,
        H,
      ),
    ).toBe(false);
    // A coat's purple sleeves hanging past its hem, their soft edge on the wall: of a colour of their own.
    expect(fadesOut(band, picture(30, [110, 60, 150]), W, H)).toBe(false);
  });
});

describe('a new contact shadow', () => {
  const shoes = () => {
    const width = 300;
    const height = 100;
    const data = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if ((x < 120 || x >= 180) && y >= 10) data[(y * width + x) * 4 + 3] = 255;
    return { width, height, data };
  };

  it('follows the footprint: two feet give two dark patches, not one disc', async () => {
    const { layer, left, top } = await groundShadow(shoes(), { lightFrom: 0 });
    const at = (x: number, y: number) => layer.data[((y - top) * layer.width + (x - left)) * 4 + 3]!;
    const under = 102; // just below the floor line (y = 99)
    expect(at(60, under)).toBeGreaterThan(60);
    expect(at(240, under)).toBeGreaterThan(60);
    // Between the feet (no footprint) the contact is much lighter.
    expect(at(150, under)).toBeLessThan(at(60, under) * 0.6);
  });

  it('follows a footprint seen in perspective: a box rests on both bottom edges, a handle on nothing', async () => {
    // A box from above: its bottom is a V (front corner at x = 180, 14 % of its height lower than
    // the left end), with a handle out to the right whose underside rises steeply.
    const width = 340;
    const height = 200;
    const data = Buffer.alloc(width * height * 4);
    const base = (x: number) => (x < 300 ? 199 - Math.round(Math.abs(x - 180) * 0.15) : 120 - (x - 300) * 2);
    for (let x = 0; x < width; x++) for (let y = 20; y <= base(x); y++) data[(y * width + x) * 4 + 3] = 255;
    const { layer, left, top } = await groundShadow({ width, height, data }, { lightFrom: 0, cast: 0 });
    const at = (x: number, y: number) => layer.data[((y - top) * layer.width + (x - left)) * 4 + 3]!;
    // Dark just under each edge, as under the front corner; not under the handle.
    for (const x of [20, 100, 180, 260]) expect(at(x, base(x) + 2)).toBeGreaterThan(60);
    expect(at(320, base(320) + 2)).toBeLessThan(10);
  });

  it('meets a soft lower edge: dark down to where the product still shows', async () => {
    // A sole whose lowest rows the cut was unsure of (alpha 60).
    const width = 300;
    const height = 106;
    const data = Buffer.alloc(width * height * 4);
    for (let y = 10; y < height; y++) for (let x = 0; x < width; x++) data[(y * width + x) * 4 + 3] = y < 100 ? 255 : 60;
    const { layer, left, top } = await groundShadow({ width, height, data }, { lightFrom: 0, cast: 0 });
    const at = (x: number, y: number) => layer.data[((y - top) * layer.width + (x - left)) * 4 + 3]!;
    // The last row that shows (105) is as dark as the solid edge (99), not six pixels into a fade.
    expect(at(150, 105)).toBeGreaterThan(at(150, 99) * 0.8);
  });

  it('fades away from the floor line and falls away from the light', async () => {
    const { layer, left, top } = await groundShadow(shoes(), { lightFrom: 1 });
    const at = (x: number, y: number) => layer.data[((y - top) * layer.width + (x - left)) * 4 + 3]!;
    expect(at(60, 101)).toBeGreaterThan(at(60, 104));
    expect(at(60, 104)).toBeGreaterThan(at(60, 107));
    // Light from the right: the cast lies to the left of the product, not to the right.
    let leftSide = 0;
    let rightSide = 0;
    // Beside the product (it spans x 0..299): 40 px columns either side.
    for (let y = top; y < top + layer.height; y++)
      for (let d = 1; d <= 40; d++) {
        leftSide += at(-d, y);
        rightSide += at(299 + d, y);
      }
    expect(leftSide).toBeGreaterThan(rightSide);
  });

  it('restageShadow gives the product unchanged on its new shadow and says where it is', async () => {
    const { cut } = cutWithShadow();
    const { image, product } = await restageShadow(cut, { lightFrom: -1 });
    // The product's box (240 x 100), give or take the shadow's last soft pixel.
    expect(Math.abs(product.width - 240)).toBeLessThanOrEqual(2);
    expect(Math.abs(product.height - 100)).toBeLessThanOrEqual(2);
    // A pixel of the product keeps its colour and full alpha.
    const i = ((product.top + 50) * image.width + product.left + 50) * 4;
    expect([...image.data.subarray(i, i + 4)]).toEqual([150, 40, 35, 255]);
    // Below the product: shadow (dark, partly transparent), not the photo's grey.
    const j = ((product.top + product.height + 2) * image.width + product.left + 50) * 4;
    expect(image.data[j + 3]).toBeGreaterThan(40);
    expect(image.data[j + 3]).toBeLessThan(255);
    expect(image.data[j]).toBe(0);
  });
});

describe('the backdrop seen through an opening (issue 44, #913)', () => {
  /** A 300 x 300 cut on a light grey backdrop: `paint` marks kept pixels with a colour; the rest is backdrop, left out. */
  function drawn(paint: (x: number, y: number) => [number, number, number] | null): Rgba {
    const size = 300;
    const data = Buffer.alloc(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const c = paint(x, y);
        const i = (y * size + x) * 4;
        data.set(c ?? [222, 222, 218], i);
        data[i + 3] = c ? 255 : 0;
      }
    return { width: size, height: size, data };
  }
  const backdrop: [number, number, number] = [222, 222, 218];
  const alphaAt = (cut: Rgba, x: number, y: number) => cut.data[(y * cut.width + x) * 4 + 3]!;

  it('takes out the wall inside a bag’s handle that the model kept, and keeps the bag and the handle', () => {
    const beige: [number, number, number] = [232, 214, 186];
    const cut = drawn((x, y) => {
      if (x >= 60 && x < 240 && y >= 140 && y < 260) return beige; // the body
      const handle = x >= 100 && x < 200 && y >= 60 && y < 140;
      if (!handle) return null;
      const opening = x >= 112 && x < 188 && y >= 72;
      return opening ? backdrop : beige; // the model kept the opening under the handle
    });
    const out = openSeenThrough(cut);
    expect(alphaAt(out, 150, 110)).toBe(0);
    expect(alphaAt(out, 150, 200)).toBe(255);
    expect(alphaAt(out, 105, 100)).toBe(255);
    expect(alphaAt(out, 150, 64)).toBe(255);
  });

  it('keeps a white label with its text on a bottle on a white sweep, and a white tee whose shaded sides leave a lit middle', () => {
    const label = openSeenThrough(
      drawn((x, y) => {
        if (!(x >= 80 && x < 220 && y >= 40 && y < 280)) return null;
        if (x >= 100 && x < 200 && y >= 120 && y < 200) {
          const text = y >= 150 && y < 166 && x >= 115 && x < 185 && x % 8 < 5;
          return text ? [50, 50, 50] : backdrop;
        }
        return [46, 111, 78];
      }),
    );
    expect(alphaAt(label, 105, 125)).toBe(255);
    const tee = openSeenThrough(
      drawn((x, y) => {
        if (!(x >= 60 && x < 240 && y >= 40 && y < 280)) return null;
        // Lit in the middle (the backdrop's own tone), shading off smoothly towards every edge.
        const d = Math.hypot((x - 150) / 90, (y - 160) / 120);
        const k = 1 - 0.25 * d * d;
        return backdrop.map((v) => Math.round(v * k)) as [number, number, number];
      }),
    );
    expect(alphaAt(tee, 150, 160)).toBe(255);
  });
});
