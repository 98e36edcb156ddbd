import crypto from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

const WIDTH = 120;
const HEIGHT = 40;
/** Drawn larger then shrunk, so the warp has sub-pixel detail to work with. */
const SCALE = 2;

/**
 * The captcha as a PNG, never as SVG: svg-captcha draws every character with a fixed sequence of
 * path commands, which a script reads back without looking at the picture (issue 9 item 2). The
 * SVG is rasterised, warped by two random sine waves, sprinkled with noise and only then encoded,
 * so nothing but pixels leaves the server. Answers the text (lower case) and the image.
 */
export async function renderCaptcha(): Promise<{ text: string; png: Buffer }> {
  // No 0/o/1/l/i: they look alike in a noisy image.
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1lIi',
    width: WIDTH * SCALE,
    height: HEIGHT * SCALE,
    fontSize: 56 * SCALE,
  });
  const w = WIDTH * SCALE;
  const h = HEIGHT * SCALE;
  const { data } = await sharp(Buffer.from(captcha.data))
    .flatten({ background: '#ffffff' })
    .resize(w, h, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const warped = warp(data, w, h);
  const png = await sharp(warped, { raw: { width: w, height: h, channels: 3 } })
    .resize(WIDTH, HEIGHT)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { text: captcha.text.toLowerCase(), png };
}

const rand = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_000) / 1_000_000) * (max - min);

/** Sine warp in both directions (bilinear sampling) plus speckle noise, on an RGB buffer. */
function warp(src: Buffer, w: number, h: number): Buffer {
  const out = Buffer.alloc(src.length, 255);
  const ax = rand(2.5, 4.5);
  const ay = rand(2.5, 4.5);
  const px = rand(0, Math.PI * 2);
  const py = rand(0, Math.PI * 2);
  const fx = (Math.PI * 2) / rand(50, 90);
  const fy = (Math.PI * 2) / rand(60, 110);
  const at = (x: number, y: number, c: number) => src[(y * w + x) * 3 + c] as number;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = x + ax * Math.sin(y * fx + px);
      const sy = y + ay * Math.sin(x * fy + py);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const dx = sx - x0;
      const dy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - dx) + at(x0 + 1, y0, c) * dx;
        const bottom = at(x0, y0 + 1, c) * (1 - dx) + at(x0 + 1, y0 + 1, c) * dx;
        out[(y * w + x) * 3 + c] = Math.round(top * (1 - dy) + bottom * dy);
      }
    }
  }
  // Speckles: about 4 % of the pixels take a random grey.
  const speckles = Math.floor(w * h * 0.04);
  for (let i = 0; i < speckles; i++) {
    const p = crypto.randomInt(0, w * h) * 3;
    const g = crypto.randomInt(60, 220);
    out[p] = g;
    out[p + 1] = g;
    out[p + 2] = g;
  }
  return out;
}
