import sharp from 'sharp';

/**
 * Measures the engines are judged by (tests and `npm run bench`): colour difference CIEDE2000
 * between two renderings of a subject, and SSIM of luminance between a QR art picture and the
 * picture it shows. Also the sRGB <-> CIELAB conversions the colour-keeping relight works in.
 */

export type Lab = [number, number, number];

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float64Array.from({ length: 256 }, (_, i) => toLinear(i));
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055) * 255;

// D65 reference white.
const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
const fInv = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : ((116 * t - 16) * 27) / 24389);
// Module-level, not made per call: the garment lock measures tens of thousands of pixels per picture.
const lin = (v: number) => (Number.isInteger(v) ? LINEAR[v]! : toLinear(v));
const DEG = Math.PI / 180;
/** Hue angle in degrees, 0..360. */
const hueOf = (b: number, a: number) => {
  if (a === 0 && b === 0) return 0;
  const h = Math.atan2(b, a) / DEG;
  return h < 0 ? h + 360 : h;
};

export function srgbToLab(r: number, g: number, b: number): Lab {
  const lr = lin(r);
  const lg = lin(g);
  const lb = lin(b);
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / XN;
  const y = (0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb) / YN;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / ZN;
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

/** Euclidean CIELAB distance (CIE76): how far apart two colours look, for the cut's colour rules. */
export const labDistance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** CIELAB to sRGB, unclamped (callers clamp). */
export function labToSrgb(l: number, a: number, bb: number): [number, number, number] {
  const fy = (l + 16) / 116;
  const x = fInv(fy + a / 500) * XN;
  const y = fInv(fy) * YN;
  const z = fInv(fy - bb / 200) * ZN;
  const lr = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const lg = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const lb = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  return [fromLinear(Math.max(0, lr)), fromLinear(Math.max(0, lg)), fromLinear(Math.max(0, lb))];
}

/** CIEDE2000 colour difference (Sharma, Wu, Dalal 2005), kL = kC = kH = 1. */
export function ciede2000(x: Lab, y: Lab): number {
  const [l1, a1, b1] = x;
  const [l2, a2, b2] = y;
  const rad = DEG;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cm7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cm7 / (cm7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const h1p = hueOf(b1, a1p);
  const h2p = hueOf(b2, a2p);
  const dLp = l2 - l1;
  const dCp = c2p - c1p;
  let dhp = 0;
  if (c1p * c2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin((dhp / 2) * rad);
  const lpm = (l1 + l2) / 2;
  const cpm = (c1p + c2p) / 2;
  let hpm = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hpm += h1p + h2p < 360 ? 360 : -360;
    hpm /= 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hpm - 30) * rad) +
    0.24 * Math.cos(2 * hpm * rad) +
    0.32 * Math.cos((3 * hpm + 6) * rad) -
    0.2 * Math.cos((4 * hpm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const cpm7 = cpm ** 7;
  const rc = 2 * Math.sqrt(cpm7 / (cpm7 + 25 ** 7));
  const sl = 1 + (0.015 * (lpm - 50) ** 2) / Math.sqrt(20 + (lpm - 50) ** 2);
  const sc = 1 + 0.045 * cpm;
  const sh = 1 + 0.015 * cpm * t;
  const rt = -Math.sin(2 * dTheta * rad) * rc;
  return Math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh));
}

/**
 * Mean CIEDE2000 between two RGBA renderings of the same subject, over the pixels both hold as
 * subject (alpha 255 in both): what a shopper would see change on the garment.
 */
export function meanDeltaE(before: Buffer, after: Buffer): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < before.length; i += 4) {
    if (before[i + 3] !== 255 || after[i + 3] !== 255) continue;
    sum += ciede2000(srgbToLab(before[i]!, before[i + 1]!, before[i + 2]!), srgbToLab(after[i]!, after[i + 1]!, after[i + 2]!));
    n++;
  }
  return n ? sum / n : 0;
}

/** Luminance of a picture at side x side (area-averaged), for SSIM at a viewing distance. */
export async function lumaAt(picture: Buffer, side: number): Promise<Float64Array> {
  const raw = await sharp(picture)
    .removeAlpha()
    .resize(side, side, { fit: 'fill', kernel: 'cubic' })
    .greyscale()
    .raw()
    .toBuffer();
  return Float64Array.from(raw);
}

/**
 * Mean SSIM (Wang et al. 2004) of two luminance images of the same size, over 8x8 windows with a
 * stride of 4: 1 is identical, about 0 unrelated.
 */
export function ssim(a: Float64Array, b: Float64Array, side: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const win = 8;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + win <= side; y += 4) {
    for (let x = 0; x + win <= side; x += 4) {
      let ma = 0;
      let mb = 0;
      for (let j = 0; j < win; j++)
        for (let i = 0; i < win; i++) {
          ma += a[(y + j) * side + x + i]!;
          mb += b[(y + j) * side + x + i]!;
        }
      const n = win * win;
      ma /= n;
      mb /= n;
      let va = 0;
      let vb = 0;
      let cov = 0;
      for (let j = 0; j < win; j++)
        for (let i = 0; i < win; i++) {
          const da = a[(y + j) * side + x + i]! - ma;
          const db = b[(y + j) * side + x + i]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= n - 1;
      vb /= n - 1;
      cov /= n - 1;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return windows ? total / windows : 1;
}

/**
 * SSIM of the luminance of two pictures seen from a distance (both area-averaged to 32 x 32, about
 * one sample per QR module): how recognisable one is in the other. A plain QR code scores about 0
 * against a photo.
 */
export async function pictureSimilarity(x: Buffer, y: Buffer, side = 32): Promise<number> {
  return ssim(await lumaAt(x, side), await lumaAt(y, side), side);
}

/**
 * Mean CIEDE2000 between a subject as it was placed (before any relight) and the same pixels in the
 * encoded output, over the subject's interior (fully opaque, with a fully opaque 2 px neighbourhood,
 * so the measure is the garment's colour, not its anti-aliased edge). Both sides are averaged over
 * 3 x 3 pixels first, as S-CIELAB (Zhang and Wandell 1996) does: CIEDE2000 is defined for colour
 * patches, and per-pixel sensor noise that JPEG smooths would otherwise count as a colour change.
 */
export async function placedSubjectDeltaE(
  output: Buffer,
  placed: { subject: { width: number; height: number; data: Buffer }; left: number; top: number },
): Promise<number> {
  const { data, info } = await sharp(output).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { subject, left, top } = placed;
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < subject.width && y < subject.height && subject.data[(y * subject.width + x) * 4 + 3] === 255;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < subject.height; y++) {
    const oy = top + y;
    if (oy < 0 || oy >= info.height) continue;
    for (let x = 0; x < subject.width; x++) {
      const ox = left + x;
      if (ox < 0 || ox >= info.width) continue;
      if (!(opaque(x, y) && opaque(x - 2, y) && opaque(x + 2, y) && opaque(x, y - 2) && opaque(x, y + 2))) continue;
      const before = [0, 0, 0];
      const after = [0, 0, 0];
      for (let j = -1; j <= 1; j++)
        for (let i = -1; i <= 1; i++) {
          const s = ((y + j) * subject.width + x + i) * 4;
          const o = ((oy + j) * info.width + ox + i) * 3;
          for (let c = 0; c < 3; c++) {
            before[c]! += subject.data[s + c]! / 9;
            after[c]! += (data[o + c] ?? data[(oy * info.width + ox) * 3 + c]!) / 9;
          }
        }
      sum += ciede2000(srgbToLab(before[0]!, before[1]!, before[2]!), srgbToLab(after[0]!, after[1]!, after[2]!));
      n++;
    }
  }
  return n ? sum / n : Number.NaN;
}
