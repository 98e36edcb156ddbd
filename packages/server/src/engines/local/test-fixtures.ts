import sharp from 'sharp';

/**
 * Test pictures drawn with sharp: a product photo the segmentation model really segments (a red
 * bottle with a cap and a label, standing on a plain studio backdrop with its shadow) and a plain
 * landscape. Sensor-like noise makes them compress like photos, so they also pass the upload rules
 * (500 KB and more).
 */
const bottle = (
  w: number,
  h: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1024 1024" preserveAspectRatio="xMidYMid slice">
  <defs>
   <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#e2ddd5"/></linearGradient>
   <linearGradient id="body" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a1010"/><stop offset="0.35" stop-color="#e0403a"/><stop offset="0.55" stop-color="#f07a70"/><stop offset="1" stop-color="#5a0808"/></linearGradient>
   <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#222"/><stop offset="0.45" stop-color="#888"/><stop offset="1" stop-color="#111"/></linearGradient>
   <radialGradient id="sh" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect x="-1000" y="-1000" width="3024" height="3024" fill="url(#bg)"/>
  <ellipse cx="512" cy="850" rx="260" ry="40" fill="url(#sh)"/>
  <path d="M372 360 Q372 300 440 280 L440 220 L584 220 L584 280 Q652 300 652 360 L652 800 Q652 850 600 850 L424 850 Q372 850 372 800 Z" fill="url(#body)"/>
  <rect x="430" y="150" width="164" height="80" rx="12" fill="url(#cap)"/>
  <rect x="400" y="470" width="224" height="170" rx="10" fill="#fff" opacity="0.9"/>
  <text x="512" y="570" font-family="sans-serif" font-size="54" font-weight="bold" text-anchor="middle" fill="#7a1010">SODA</text>
</svg>`;

function addNoise(raw: Buffer, seed = 1): Buffer {
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    raw[i] = Math.max(0, Math.min(255, raw[i]! + (((s >> 16) % 13) - 6)));
  }
  return raw;
}

/**
 * The product photo (bottle centred in a 1024-unit square, cropped to w x h), as PNG or JPEG. A
 * different `seed` gives different noise: the same picture to a person, a new one to any cache.
 */
export async function productPhoto(
  width = 1024,
  height = width,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  seed = 1,
): Promise<Buffer> {
  const raw = await sharp(Buffer.from(bottle(width, height)))
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(addNoise(raw, seed), { raw: { width, height, channels: 3 } })
    .toFormat(format, format === 'png' ? {} : { quality: 95 })
    .toBuffer();
}

/** A noisy landscape (sky, hills) for scene and reference inputs. */
export async function landscapePhoto(width = 1024, height = 768): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 75" preserveAspectRatio="none">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#bfe0f5"/></linearGradient></defs>
    <rect width="100" height="75" fill="url(#s)"/><path d="M0 50 Q25 35 50 48 T100 44 L100 75 L0 75 Z" fill="#4c8c3f"/>
    <path d="M0 62 Q40 52 70 60 T100 58 L100 75 L0 75 Z" fill="#2f6b2a"/></svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return sharp(addNoise(raw, 7), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Alpha at (x, y) of a PNG with an alpha channel. */
export async function alphaAt(png: Buffer, points: Array<[number, number]>): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => data[(y * info.width + x) * 4 + 3]!);
}
