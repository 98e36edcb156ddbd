import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng, type Rgba } from './imaging.ts';
import { framedSize, frameResult, renderFramed } from './preset-frame.ts';

/** A cut product: a dark red box, wider than tall, with a transparent margin around it. */
function box(): Rgba {
  const width = 500;
  const height = 300;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 40; y < 260; y++) for (let x = 50; x < 450; x++) data.set([150, 30, 30, 255], (y * width + x) * 4);
  return { width, height, data };
}

async function render(contactShadow: boolean, aspect = 1) {
  const frame = { fill: 0.88, margin: 0.02, aspect, contactShadow };
  const [width, height] = framedSize(frame, 800);
  const jpeg = await renderFramed({ subject: box(), colour: '#FFFFFF', frame, shadow: true, width, height });
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[(y * info.width + x) * 3 + 1]!;
  // The product: its red (green channel low, red high).
  let left = info.width;
  let right = -1;
  let top = info.height;
  let bottom = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (data[i]! > 100 && data[i + 1]! < 80) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  return { info, at, product: { left, right, top, bottom } };
}

describe('a product rendered to a preset frame (issue 41)', () => {
  it('takes the frame by its fill, centred, the preset shape', async () => {
    const { info, product } = await render(false, 3 / 4);
    expect([info.width, info.height]).toEqual([600, 800]);
    const fill = (product.right - product.left + 1) / info.width;
    expect(fill).toBeGreaterThan(0.86);
    expect(fill).toBeLessThan(0.9);
    expect(Math.abs(product.left - (info.width - 1 - product.right))).toBeLessThanOrEqual(3);
    expect(Math.abs(product.top - (info.height - 1 - product.bottom))).toBeLessThanOrEqual(3);
  });

  it('where the preset allows no shadow, everything but the product is pure white', async () => {
    const { info, at, product } = await render(false);
    let grey = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const inside = x >= product.left - 3 && x <= product.right + 3 && y >= product.top - 3 && y <= product.bottom + 3;
        if (!inside && at(x, y) < 253) grey++;
      }
    expect(grey).toBe(0);
  });

  it('where it allows one, a soft contact shadow under the product fades out and never reaches the edges', async () => {
    const { info, at, product } = await render(true);
    const mid = Math.round((product.left + product.right) / 2);
    // Right under the product it is darker, a few pixels lower lighter, then white: it fades.
    const under = [2, 6, 14].map((dy) => at(mid, product.bottom + dy));
    expect(under[0]).toBeLessThan(225);
    expect(under[0]!).toBeLessThan(under[1]!);
    expect(under[1]!).toBeLessThan(under[2]! + 1);
    expect(at(mid, product.bottom + Math.round(info.height * 0.06))).toBeGreaterThanOrEqual(253);
    // A contact shadow, not a disc: nothing beside the product's sides, and no cast away from it.
    expect(at(product.left - Math.round(info.width * 0.03), product.bottom + 2)).toBeGreaterThanOrEqual(253);
    expect(at(product.right + Math.round(info.width * 0.03), product.bottom + 2)).toBeGreaterThanOrEqual(253);
    expect(at(mid, product.top - 4)).toBeGreaterThanOrEqual(253);
    // The white-background check's band along the edges (2 %) is untouched.
    const band = Math.ceil(info.width * 0.02);
    for (let i = 0; i < info.width; i++)
      for (const y of [0, band, info.height - 1 - band, info.height - 1]) expect(at(i, y)).toBeGreaterThanOrEqual(253);
  });

  it('a cut-out for a preset without a white rule stays a cut: framed at its fill on a transparent PNG of the preset shape', async () => {
    const frame = { fill: 0.8, margin: 0.05, aspect: 3 / 4, contactShadow: true };
    const framed = await frameResult(await encodePng(box()), {
      frame,
      colour: null,
      shadow: false,
      signal: new AbortController().signal,
    });
    expect(framed.contentType).toBe('image/png');
    const { data, info } = await sharp(framed.buffer).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([...framedSize(frame), 4]);
    let left = info.width;
    let right = -1;
    let shadowed = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const a = data[(y * info.width + x) * 4 + 3]!;
        if (a > 128) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        } else if (a > 0) shadowed++;
      }
    expect((right - left + 1) / info.width).toBeCloseTo(0.8, 1);
    expect(Math.abs(left - (info.width - 1 - right))).toBeLessThanOrEqual(3);
    // No shadow drawn for a cut-out: only the product's own resampled rim is partly transparent.
    expect(shadowed).toBeLessThan(info.width * 4);
  });
});
