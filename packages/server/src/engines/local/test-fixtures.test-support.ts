import sharp from 'sharp';
import { alphaBounds, alphaOf, cropRgba, type Rgba } from './imaging.ts';

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

/** A seeded pseudo-random generator for fixtures. */
export function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A drawing (SVG, `size` square) as a JPEG over the upload rules' 500 KB: grain is added to it, drawn
 * from a seed so every run uploads the same bytes (libvips' own gaussian noise is new on every run, and
 * one draw in many can make a shape a test then finds; docs/testing.md). Sigma about 30, clipped at 0.
 */
export async function grainyPhoto(svg: string, size = 1024, seed = 7): Promise<Buffer> {
  const random = seeded(seed);
  const grain = Buffer.alloc(size * size * 3);
  for (let i = 0; i < grain.length; i++) {
    // Box-Muller: one normal draw from two uniform ones.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    grain[i] = Math.min(255, Math.max(0, Math.round(normal * 30)));
  }
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: size, height: size, channels: 3 }, blend: 'add' }])
    .jpeg({ quality: 97 })
    .toBuffer();
}

export const QR_PICTURE_KINDS = ['busy', 'dark', 'light', 'noisy'] as const;
export type QrPictureKind = (typeof QR_PICTURE_KINDS)[number];

/**
 * User pictures that are hard for QR art, made from a seed: `busy` (many small saturated shapes and
 * stripes), `dark` (a night scene, mostly near black), `light` (a pale high-key picture) and
 * `noisy` (a gradient under heavy per-pixel noise).
 */
export async function qrTestPicture(kind: QrPictureKind, seed: number, width = 900, height = 900): Promise<Buffer> {
  const random = seeded(seed * 7919 + kind.length);
  const hsl = (l: [number, number], s = 70) =>
    `hsl(${Math.floor(random() * 360)},${s}%,${Math.floor(l[0] + random() * (l[1] - l[0]))}%)`;
  const shapes = (count: number, l: [number, number], size: [number, number]) =>
    Array.from({ length: count }, () => {
      const x = random() * width;
      const y = random() * height;
      const r = size[0] + random() * (size[1] - size[0]);
      return random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${hsl(l)}"/>`
        : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r * (0.3 + random())}" fill="${hsl(l)}" transform="rotate(${random() * 90} ${x} ${y})"/>`;
    }).join('');
  let body: string;
  switch (kind) {
    case 'busy': {
      const stripes = Array.from(
        { length: 12 },
        (_, i) =>
          `<rect y="${(i * height) / 12}" width="${width}" height="${height / 24}" fill="${hsl([20, 80])}" opacity="0.5"/>`,
      ).join('');
      body = `<rect width="100%" height="100%" fill="${hsl([30, 70])}"/>${stripes}${shapes(260, [5, 95], [6, 40])}`;
      break;
    }
    case 'dark':
      body = `<rect width="100%" height="100%" fill="${hsl([2, 8], 40)}"/>${shapes(60, [3, 18], [10, 90])}${shapes(25, [30, 70], [2, 6])}`;
      break;
    case 'light':
      body = `<rect width="100%" height="100%" fill="${hsl([90, 97], 30)}"/>${shapes(50, [78, 96], [20, 120])}`;
      break;
    default:
      body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl([20, 60])}"/><stop offset="1" stop-color="${hsl([40, 80])}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes(20, [10, 90], [30, 150])}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  if (kind === 'noisy') {
    const next = seeded(seed);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.max(0, Math.min(255, raw[i]! + Math.round((next() - 0.5) * 140)));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A garment photo: a T-shirt of one colour (with soft folds, so it is not flat) on a pale studio
 * backdrop. `navy` and `red` are saturated, `grey` neutral.
 */
export const GARMENT_COLOURS = { navy: '#1f2d5c', red: '#c8102e', grey: '#8c8c8a' } as const;

function garmentSvg(colour: keyof typeof GARMENT_COLOURS, width: number, height: number, backdrop: boolean): string {
  const fill = GARMENT_COLOURS[colour];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1024 1024" preserveAspectRatio="xMidYMid slice">
  <defs>
   <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eeece8"/><stop offset="1" stop-color="#dcd9d3"/></linearGradient>
   <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.12"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>
  </defs>
  ${backdrop ? '<rect x="-1000" y="-1000" width="3024" height="3024" fill="url(#bg)"/>' : ''}
  <path id="shirt" d="M392 180 Q512 240 632 180 L820 270 L760 430 L680 400 L690 860 L334 860 L344 400 L264 430 L204 270 Z" fill="${fill}"/>
  <path d="M392 180 Q512 240 632 180 L820 270 L760 430 L680 400 L690 860 L334 860 L344 400 L264 430 L204 270 Z" fill="url(#fold)"/>
  <path d="M440 196 Q512 250 584 196" stroke="#000" stroke-opacity="0.25" stroke-width="10" fill="none"/>
</svg>`;
}

export async function garmentPhoto(colour: keyof typeof GARMENT_COLOURS, width = 1024, height = 1024, seed = 3): Promise<Buffer> {
  const raw = await sharp(Buffer.from(garmentSvg(colour, width, height, true)))
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(addNoise(raw, seed), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The garment of `garmentPhoto` as a cutout would give it, without the segmentation model: the same
 * noisy pixels, transparent around the shirt (anti-aliased edges), cropped to the shirt. For tests of
 * what happens to a subject after the cut (cutout.test.ts and local-engine.test.ts prove the cut).
 */
export async function garmentSubject(colour: keyof typeof GARMENT_COLOURS, side = 1024, seed = 3): Promise<Rgba> {
  const { data, info } = await sharp(Buffer.from(garmentSvg(colour, side, side, false)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = Buffer.alloc(side * side * 3);
  for (let i = 0; i < side * side; i++) data.copy(rgb, i * 3, i * 4, i * 4 + 3);
  addNoise(rgb, seed);
  for (let i = 0; i < side * side; i++) rgb.copy(data, i * 4, i * 3, i * 3 + 3);
  const cut = { width: info.width, height: info.height, data };
  return cropRgba(cut, alphaBounds(alphaOf(cut), cut.width, cut.height)!);
}

/** Centres of the dots of `printedDressPhoto`, in its 1024-unit square. */
export const DRESS_DOTS: Array<[number, number]> = [];
for (let row = 0; row < 6; row++)
  for (let col = 0; col < 5; col++) {
    const x = 392 + col * 60 + (row % 2) * 30;
    const y = 360 + row * 80;
    if (Math.abs(x - 512) < 100 + row * 22) DRESS_DOTS.push([x, y]);
  }

/** A red dress printed with cream dots, on a cream wall of nearly the dots' colour. */
export async function printedDressPhoto(width = 1024, height = 1024): Promise<Buffer> {
  const dots = DRESS_DOTS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="15" fill="#efe4cc"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1024 1024" preserveAspectRatio="none">
  <rect width="1024" height="1024" fill="#f1e6cf"/>
  <path d="M432 150 L592 150 L610 300 L740 880 L284 880 L414 300 Z" fill="#b3122a"/>
  <path d="M432 150 L470 150 Q512 200 554 150 L592 150" fill="none" stroke="#7d0c1d" stroke-width="8"/>
  ${dots}
</svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return sharp(addNoise(raw, 5), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Points of `bagPhoto`: the opening under the handle, the handle itself, the bag's body. */
export const BAG_POINTS = {
  opening: [512, 300] as [number, number],
  handle: [512, 178] as [number, number],
  body: [512, 620] as [number, number],
};

/** A brown handbag with a loop handle: the opening under the handle shows the grey wall. */
export async function bagPhoto(width = 1024, height = 1024): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1024 1024" preserveAspectRatio="none">
  <defs><linearGradient id="leather" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a5a32"/><stop offset="1" stop-color="#5e3a1e"/></linearGradient></defs>
  <rect width="1024" height="1024" fill="#d9dbdd"/>
  <path d="M352 420 Q352 170 512 170 Q672 170 672 420" fill="none" stroke="#6b4424" stroke-width="34"/>
  <rect x="262" y="400" width="500" height="430" rx="40" fill="url(#leather)"/>
  <rect x="470" y="470" width="84" height="40" rx="6" fill="#c9a24a"/>
</svg>`;
  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return sharp(addNoise(raw, 9), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The blue shirt and its hanger in `busyRoomPhoto`, in its 1024-unit square (the subject's ground truth). */
const ROOM_SHIRT = `<path d="M512 236 Q500 216 512 204 Q528 196 530 214" fill="none" stroke="#5a5a5a" stroke-width="7"/>
  <path d="M512 236 L392 286 L632 286 Z" fill="none" stroke="#5a5a5a" stroke-width="8" stroke-linejoin="round"/>
  <path transform="translate(512 512) scale(0.72) translate(-512 -512)" d="M392 180 Q512 240 632 180 L820 270 L760 430 L680 400 L690 860 L334 860 L344 400 L264 430 L204 270 Z"/>`;

/**
 * A merchant's everyday photo: a blue shirt on a hanger in a busy room (wooden floor, a shelf with
 * books and a purple ball, two potted plants either side). `mask` is the shirt with its hanger as
 * one byte per pixel (255 = subject), for measuring a cutout.
 */
export async function busyRoomPhoto(width = 1024, height = 1024): Promise<{ photo: Buffer; mask: Buffer }> {
  const frame = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1024 1024" preserveAspectRatio="none">${body}</svg>`;
  const plant = (x: number, s: number) => `<g transform="translate(${x} 640) scale(${s})">
    <path d="M-60 120 L60 120 L45 260 L-45 260 Z" fill="#b5562c"/>
    <ellipse cx="-40" cy="60" rx="46" ry="80" fill="#2f7d32" transform="rotate(-25 -40 60)"/>
    <ellipse cx="40" cy="50" rx="44" ry="86" fill="#3f9a3c" transform="rotate(22 40 50)"/>
    <ellipse cx="0" cy="10" rx="36" ry="100" fill="#2a6e2c"/></g>`;
  const books = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="${64 + i * 26}" y="${236 - (i % 3) * 14}" width="22" height="${64 + (i % 3) * 14}" fill="${['#8e2b2b', '#2b5e8e', '#c9a23a', '#3a7a4a'][i % 4]}"/>`,
  ).join('');
  const room = `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e0d2"/><stop offset="1" stop-color="#d6cbb8"/></linearGradient>
    <linearGradient id="shirt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d4f9a"/><stop offset="0.5" stop-color="#2f6cc4"/><stop offset="1" stop-color="#1a4488"/></linearGradient>
    <linearGradient id="folds" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.55" stop-color="#000" stop-opacity="0.1"/><stop offset="0.75" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
    <pattern id="pin" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="3" height="14" fill="#ffffff" opacity="0.35"/><rect y="0" width="14" height="2" fill="#0a2a5a" opacity="0.25"/></pattern>
    <filter id="soft"><feGaussianBlur stdDeviation="10"/></filter></defs>
    <rect width="1024" height="1024" fill="url(#wall)"/>
    <rect y="800" width="1024" height="224" fill="#a0703e"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect y="${810 + i * 28}" width="1024" height="3" fill="#7a5028"/>`).join('')}
    <rect x="40" y="300" width="230" height="18" fill="#6b4a2a"/><rect x="684" y="220" width="300" height="18" fill="#6b4a2a"/>
    ${books}<circle cx="860" cy="180" r="40" fill="#7b3fb0"/><rect x="740" y="150" width="60" height="70" fill="#d8d0c0"/>
    ${plant(140, 1)}${plant(900, 0.9)}
    <g fill="#000" opacity="0.28" filter="url(#soft)" transform="translate(16 18)">${ROOM_SHIRT}</g>
    <g fill="url(#shirt)">${ROOM_SHIRT}</g>
    <g fill="url(#folds)">${ROOM_SHIRT}</g>
    <path d="M512 300 L512 760" stroke="#163e7c" stroke-width="4"/>
    ${Array.from({ length: 5 }, (_, i) => `<circle cx="520" cy="${330 + i * 90}" r="7" fill="#e8eef8"/>`).join('')}`;
  const raw = await sharp(Buffer.from(frame(room)))
    .removeAlpha()
    .raw()
    .toBuffer();
  const photo = await sharp(addNoise(raw, 11), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const mask = await sharp(
    Buffer.from(
      frame(`<rect width="1024" height="1024" fill="#000"/><g fill="#fff">${ROOM_SHIRT.replaceAll('#5a5a5a', '#fff')}</g>`),
    ),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { photo, mask };
}

/** Points of `paleDressPhoto`: on the dress (its top, middle, hem), on the hanger, on the wall. */
export const PALE_DRESS_POINTS = {
  dress: [
    [384, 220],
    [384, 300],
    [350, 420],
    [384, 600],
  ] as Array<[number, number]>,
  hanger: [384, 180] as [number, number],
  wall: [
    [100, 500],
    [680, 300],
    [384, 900],
  ] as Array<[number, number]>,
};

/**
 * A cream dress on a hanger on a cream plaster wall of nearly its colour (768 x 1024, issue 44's
 * low-contrast scenes): the model marks only its lower half, under two thirds sure.
 */
export async function paleDressPhoto(): Promise<Buffer> {
  const w = 768;
  const h = 1024;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>
<filter id="plaster" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="4" seed="13"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.3 -0.1"/></filter>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter></defs>
<rect width="${w}" height="${h}" fill="#efe7d8"/><rect width="${w}" height="${h}" filter="url(#plaster)"/>
<g opacity="0.1" filter="url(#soft)" transform="translate(18 16)"><path d="M246 200 L324 200 L330 340 L552 820 L216 820 L438 340 Z" transform="translate(0 0)" fill="#000"/></g>
<path d="M384 120 Q372 104 384 94 Q398 90 398 104" fill="none" stroke="#6a6a6a" stroke-width="5"/>
<path d="M384 120 L290 180 L478 180 Z" fill="none" stroke="#6a6a6a" stroke-width="6" stroke-linejoin="round"/>
<path d="M338 176 L430 176 L438 340 L560 820 L208 820 L330 340 Z" fill="#e9e1d2"/>
</svg>`;
  const raw = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer();
  let s = 13;
  for (let i = 0; i < raw.length; i += 3) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const n = ((s >>> 16) / 65536 - 0.5) * 12;
    for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, Math.round(raw[i + c]! + n)));
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
