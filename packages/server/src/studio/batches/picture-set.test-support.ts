import sharp from 'sharp';

/**
 * The seeded picture set of the overlay checks (docs/batches.md "Picture checks"): product pictures
 * drawn in code, the same for a seed on every machine, half clean and half with exactly one defect a
 * marketplace rejects. Two halves from disjoint seeds: `tune` (thresholds were set looking at it) and
 * `held` (never looked at while tuning; the test's figures are on it).
 *
 * Clean pictures include the hard cases: text printed on the product (labels, a T-shirt graphic),
 * striped products, soft shadows (attached and detached), a white product on white, a mug's handle
 * (a hole), box-shaped products (straight edges like a frame's), scenes with a labelled product.
 */
export type Defect = 'text' | 'border' | 'objects';
export interface SeededPicture {
  id: string;
  split: 'tune' | 'held';
  defect: Defect | null;
  /** What was drawn (the bench prints it for misses). */
  kind: string;
  draw(): Promise<Buffer>;
}

const SIZE = 800;

/** mulberry32: a small seeded generator, the same numbers on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}
type Rng = ReturnType<typeof rng>;

const FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Sans Narrow',
  'Nimbus Sans',
  'URW Gothic',
  'Droid Sans Fallback',
  'Noto Sans CJK SC',
];
const OVERLAY_TEXTS = [
  '限时特价',
  '包邮',
  '买一送一',
  '热卖爆款',
  '新品上市',
  '到手价 ¥59',
  '¥99',
  '¥128.00',
  'NEW ARRIVAL',
  'Free Shipping',
  'SALE 50% OFF',
  'Best Seller',
  '正品保证',
];
const LABEL_TEXTS = ['SODA', 'ORGANIC', '有机', 'AQUA', 'PURE', '洗发露', 'LATTE', 'Nº5', 'COLA'];
const INKS = ['#d01818', '#111111', '#f07800', '#1a3fb8', '#0a7a2a', '#b0128a', '#ffffff'];
const PRODUCT_COLOURS = ['#23324a', '#a3241c', '#1f6e4a', '#c88a12', '#5b2a86', '#2d6fb0', '#3a3a3a', '#d3552a', '#7d5a3c'];
const FRAME_COLOURS = ['#d01818', '#111111', '#f0a000', '#1a3fb8', '#7a7a7a', '#e8c8d0', '#0a7a2a'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Products, each drawn inside its box. `print` is text or a graphic that is part of the product. */
type ProductKind = 'bottle' | 'box' | 'mug' | 'tshirt' | 'shoe' | 'striped' | 'white';
const PRODUCT_KINDS: ProductKind[] = ['bottle', 'box', 'mug', 'tshirt', 'shoe', 'striped', 'white'];

function product(r: Rng, kind: ProductKind, b: Box, opts: { print?: boolean } = {}): string {
  const colour = r.pick(PRODUCT_COLOURS);
  const font = r.pick(FONTS);
  const { x, y, w, h } = b;
  const cx = x + w / 2;
  const shade = `<linearGradient id="shade${Math.round(x)}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`;
  const shadeFill = `url(#shade${Math.round(x)})`;
  const label = (lx: number, ly: number, lw: number, lh: number, ink: string) => {
    const text = r.pick(LABEL_TEXTS);
    const size = Math.min(lh * 0.55, (lw * 1.6) / Math.max(2, text.length));
    return `<text x="${lx + lw / 2}" y="${ly + lh / 2 + size * 0.35}" font-family="${font}" font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle" fill="${ink}">${esc(text)}</text>`;
  };
  switch (kind) {
    case 'bottle': {
      const neck = w * 0.3;
      const body = `M${x} ${y + h * 0.3} Q${x} ${y + h * 0.2} ${cx - neck / 2} ${y + h * 0.16} L${cx - neck / 2} ${y} L${cx + neck / 2} ${y} L${cx + neck / 2} ${y + h * 0.16} Q${x + w} ${y + h * 0.2} ${x + w} ${y + h * 0.3} L${x + w} ${y + h * 0.94} Q${x + w} ${y + h} ${x + w - w * 0.08} ${y + h} L${x + w * 0.08} ${y + h} Q${x} ${y + h} ${x} ${y + h * 0.94} Z`;
      const print = opts.print
        ? r.next() < 0.5
          ? `<rect x="${x + w * 0.12}" y="${y + h * 0.42}" width="${w * 0.76}" height="${h * 0.28}" rx="6" fill="#ffffff"/>${label(x + w * 0.12, y + h * 0.42, w * 0.76, h * 0.28, colour)}`
          : label(x + w * 0.1, y + h * 0.45, w * 0.8, h * 0.22, '#ffffff')
        : '';
      return `<defs>${shade}</defs><path d="${body}" fill="${colour}"/><path d="${body}" fill="${shadeFill}"/>${print}`;
    }
    case 'box': {
      const top = h * 0.14;
      const print = opts.print
        ? label(x + w * 0.1, y + top + h * 0.25, w * 0.8, h * 0.3, r.pick(['#ffffff', '#f5d000', '#111111']))
        : '';
      return `<defs>${shade}</defs><rect x="${x}" y="${y + top}" width="${w}" height="${h - top}" fill="${colour}"/><rect x="${x}" y="${y + top}" width="${w}" height="${h - top}" fill="${shadeFill}"/><path d="M${x} ${y + top} L${x + w * 0.12} ${y} L${x + w} ${y} L${x + w} ${y + top} Z" fill="${colour}" opacity="0.7"/>${print}`;
    }
    case 'mug': {
      const bodyW = w * 0.72;
      const print = opts.print ? label(x, y + h * 0.3, bodyW, h * 0.3, '#ffffff') : '';
      return `<defs>${shade}</defs><path d="M${x + bodyW - 4} ${y + h * 0.2} C${x + w + w * 0.05} ${y + h * 0.15} ${x + w + w * 0.05} ${y + h * 0.75} ${x + bodyW - 4} ${y + h * 0.7} L${x + bodyW - 4} ${y + h * 0.58} C${x + w * 0.9} ${y + h * 0.6} ${x + w * 0.9} ${y + h * 0.3} ${x + bodyW - 4} ${y + h * 0.32} Z" fill="${colour}"/><rect x="${x}" y="${y}" width="${bodyW}" height="${h}" rx="${w * 0.05}" fill="${colour}"/><rect x="${x}" y="${y}" width="${bodyW}" height="${h}" rx="${w * 0.05}" fill="${shadeFill}"/>${print}`;
    }
    case 'tshirt': {
      const path = `M${x + w * 0.3} ${y} L${x + w * 0.42} ${y + h * 0.06} L${x + w * 0.58} ${y + h * 0.06} L${x + w * 0.7} ${y} L${x + w} ${y + h * 0.18} L${x + w * 0.88} ${y + h * 0.36} L${x + w * 0.78} ${y + h * 0.3} L${x + w * 0.78} ${y + h} L${x + w * 0.22} ${y + h} L${x + w * 0.22} ${y + h * 0.3} L${x + w * 0.12} ${y + h * 0.36} L${x} ${y + h * 0.18} Z`;
      const graphic = opts.print
        ? `<circle cx="${cx}" cy="${y + h * 0.4}" r="${w * 0.14}" fill="${r.pick(['#f5d000', '#ffffff', '#e03030'])}"/>${label(x + w * 0.25, y + h * 0.55, w * 0.5, h * 0.16, r.pick(['#ffffff', '#f5d000']))}`
        : '';
      return `<path d="${path}" fill="${colour}"/>${graphic}`;
    }
    case 'shoe': {
      const path = `M${x} ${y + h * 0.55} Q${x} ${y + h * 0.2} ${x + w * 0.25} ${y + h * 0.15} L${x + w * 0.45} ${y + h * 0.12} Q${x + w * 0.55} ${y + h * 0.45} ${x + w * 0.8} ${y + h * 0.5} Q${x + w} ${y + h * 0.55} ${x + w} ${y + h * 0.8} L${x} ${y + h * 0.8} Z`;
      return `<path d="${path}" fill="${colour}"/><rect x="${x}" y="${y + h * 0.78}" width="${w}" height="${h * 0.12}" rx="8" fill="#f2f2f2" stroke="#c8c8c8" stroke-width="3"/>${opts.print ? `<path d="M${x + w * 0.2} ${y + h * 0.6} Q${x + w * 0.5} ${y + h * 0.35} ${x + w * 0.75} ${y + h * 0.62}" stroke="#ffffff" stroke-width="${w * 0.04}" fill="none"/>` : ''}`;
    }
    case 'striped': {
      const n = r.int(5, 9);
      const stripe = r.pick(['#ffffff', '#f5d000', '#111111', '#e03030']);
      const vertical = r.next() < 0.5;
      let stripes = '';
      for (let i = 0; i < n; i++) {
        stripes += vertical
          ? `<rect x="${x + ((i + 0.25) * w) / n}" y="${y}" width="${(w / n) * 0.45}" height="${h}" fill="${stripe}"/>`
          : `<rect x="${x}" y="${y + ((i + 0.25) * h) / n}" width="${w}" height="${(h / n) * 0.45}" fill="${stripe}"/>`;
      }
      const id = `clip${Math.round(x)}${Math.round(y)}`;
      const shape = `M${x + w * 0.2} ${y} L${x + w * 0.8} ${y} L${x + w} ${y + h * 0.25} L${x + w} ${y + h} L${x} ${y + h} L${x} ${y + h * 0.25} Z`;
      return `<defs><clipPath id="${id}"><path d="${shape}"/></clipPath></defs><path d="${shape}" fill="${colour}"/><g clip-path="url(#${id})">${stripes}</g><path d="${shape}" fill="none" stroke="${colour}" stroke-width="4"/>`;
    }
    case 'white': {
      // A white product on white: only its shading and outline tell it from the backdrop.
      return `<defs><linearGradient id="wg${Math.round(x)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbfbfb"/><stop offset="1" stop-color="#c9c9c9"/></linearGradient></defs><rect x="${x}" y="${y + h * 0.1}" width="${w}" height="${h * 0.9}" rx="${w * 0.18}" fill="url(#wg${Math.round(x)})" stroke="#b5b5b5" stroke-width="3"/><ellipse cx="${cx}" cy="${y + h * 0.1}" rx="${w * 0.3}" ry="${h * 0.07}" fill="#e4e4e4" stroke="#b0b0b0" stroke-width="3"/>${opts.print ? label(x + w * 0.15, y + h * 0.4, w * 0.7, h * 0.2, '#555555') : ''}`;
    }
  }
}

/** A soft floor shadow under a box (touching it, or a little below: a floating product's). */
function shadow(r: Rng, b: Box, detached: boolean): string {
  const id = `sh${Math.round(b.x)}`;
  const gap = detached ? b.h * r.range(0.05, 0.09) : -b.h * 0.03;
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="#000" stop-opacity="${r.range(0.22, 0.4).toFixed(2)}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${b.x + b.w / 2}" cy="${b.y + b.h + gap}" rx="${b.w * 0.62}" ry="${b.h * 0.07}" fill="url(#${id})"/>`;
}

/** A scene: a wall with a gradient, a table top, the product standing on it; noise like a photo's. */
function sceneBackdrop(r: Rng): string {
  const wall = [
    r.pick(['#d8c8b0', '#b8c8d8', '#c8d8c0', '#e0d0d8', '#9aa8b8']),
    r.pick(['#a89880', '#8898a8', '#98a890', '#b0a0a8', '#6a7888']),
  ];
  const table = r.pick(['#7a5a3a', '#5a4a3a', '#c0b0a0', '#3a3a40', '#a08060']);
  const horizon = r.range(0.55, 0.7) * SIZE;
  return `<defs><linearGradient id="wall" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient><linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${table}"/><stop offset="1" stop-color="#222"/></linearGradient><radialGradient id="bokeh"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="${SIZE}" height="${SIZE}" fill="url(#wall)"/><circle cx="${r.range(80, 720)}" cy="${r.range(60, 300)}" r="${r.range(40, 110)}" fill="url(#bokeh)"/><rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}" fill="url(#table)"/>`;
}

function addNoise(raw: Buffer, r: Rng, amplitude: number) {
  for (let i = 0; i < raw.length; i++)
    raw[i] = Math.max(0, Math.min(255, raw[i]! + Math.round((r.next() - 0.5) * 2 * amplitude)));
}

async function render(svg: string, noise: Rng | null): Promise<Buffer> {
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${svg}</svg>`;
  if (!noise) return sharp(Buffer.from(doc)).flatten({ background: '#ffffff' }).png().toBuffer();
  const { data, info } = await sharp(Buffer.from(doc))
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(data, noise, 5);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Where the product stands: centred with some jitter, leaving room above and below for overlays. */
function productBox(r: Rng, kind: ProductKind, fill: number): Box {
  const aspect = kind === 'shoe' ? r.range(1.4, 1.8) : kind === 'tshirt' ? r.range(0.95, 1.1) : r.range(0.5, 0.85);
  const h = kind === 'shoe' ? (SIZE * fill) / aspect : SIZE * fill;
  const w = h * aspect;
  return { x: (SIZE - w) / 2 + r.range(-30, 30), y: (SIZE - h) / 2 + r.range(-10, 20), w, h };
}

// ---------------------------------------------------------------------------------------------
// overlays laid over a picture (the `text` defect)

type OverlayKind = 'caption' | 'price' | 'watermark' | 'logo';
function overlay(r: Rng, kind: OverlayKind, product: Box): string {
  const font = r.pick(FONTS);
  const ink = r.pick(INKS.filter((c) => c !== '#ffffff'));
  // Free room above or below the product (overlays sit in the picture's margins and corners).
  const above = product.y;
  const below = SIZE - (product.y + product.h);
  const inTop = above >= below;
  const room = Math.max(above, below);
  const bandY = inTop ? room * 0.15 : product.y + product.h + room * 0.15;
  const bandH = room * 0.7;
  switch (kind) {
    case 'caption': {
      const text = r.pick(OVERLAY_TEXTS);
      const size = Math.min(bandH * 0.8, r.range(34, 70), (SIZE * 1.5) / text.length);
      const anchor = r.pick(['start', 'middle', 'end'] as const);
      const x = anchor === 'start' ? r.range(30, 80) : anchor === 'middle' ? SIZE / 2 : SIZE - r.range(30, 80);
      return `<text x="${x}" y="${bandY + bandH / 2 + size * 0.35}" font-family="${font}" font-size="${size.toFixed(1)}" font-weight="${r.pick(['normal', 'bold'])}" text-anchor="${anchor}" fill="${ink}">${esc(text)}</text>`;
    }
    case 'price': {
      const text = r.pick(['¥99', '¥59', '¥199', '到手价¥49', '-50%', '特价']);
      const radius = Math.min(bandH * 0.55, r.range(55, 80));
      const cx = r.next() < 0.5 ? radius + r.range(20, 50) : SIZE - radius - r.range(20, 50);
      const cy = inTop ? radius + r.range(15, 30) : SIZE - radius - r.range(15, 30);
      const size = Math.min(radius * 0.8, (radius * 3) / text.length);
      return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${r.pick(['#e01818', '#f07800', '#111111'])}"/><text x="${cx}" y="${cy + size * 0.35}" font-family="${font}" font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle" fill="#ffffff">${esc(text)}</text>`;
    }
    case 'watermark': {
      const text = r.pick(['SAMPLE', '样图', '@优品小店', 'PHOTO©', 'WATERMARK', '仅供参考']);
      const opacity = r.range(0.3, 0.55).toFixed(2);
      const fillInk = r.pick(['#555555', '#888888', '#1a3fb8']);
      if (r.next() < 0.5) {
        // A shop's mark, semi-transparent, slanted, in the free room above or below the product.
        // (One lying over or touching the product is not seen: docs/batches.md says so.)
        const size = Math.min(bandH * 0.7, 60, (SIZE * 0.8) / text.length);
        return `<text x="${SIZE / 2}" y="${bandY + bandH / 2}" font-family="${font}" font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle" fill="${fillInk}" fill-opacity="${opacity}" transform="rotate(${r.range(-12, -4).toFixed(1)} ${SIZE / 2} ${bandY + bandH / 2})">${esc(text)}</text>`;
      }
      let tiles = '';
      for (let ty = 0; ty < 4; ty++)
        for (let tx = 0; tx < 3; tx++)
          tiles += `<text x="${80 + tx * 260 + (ty % 2) * 60}" y="${90 + ty * 200}" font-family="${font}" font-size="34" text-anchor="start" fill="${fillInk}" fill-opacity="${opacity}" transform="rotate(-25 ${80 + tx * 260} ${90 + ty * 200})">${esc(text)}</text>`;
      return tiles;
    }
    case 'logo': {
      const mark = r.pick(['ACME', 'LUXE', '优品', 'YP', 'Ω SHOP']);
      const left = r.next() < 0.5;
      const x = left ? r.range(20, 40) : SIZE - r.range(150, 190);
      const y = inTop ? r.range(20, 40) : SIZE - r.range(70, 90);
      return `<circle cx="${x + 22}" cy="${y + 24}" r="20" fill="${ink}"/><circle cx="${x + 22}" cy="${y + 24}" r="9" fill="#ffffff"/><text x="${x + 50}" y="${y + 36}" font-family="${font}" font-size="${r.range(26, 34).toFixed(1)}" font-weight="bold" fill="${ink}">${esc(mark)}</text>`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// bands and frames (the `border` defect), drawn over the finished picture

async function withBorder(r: Rng, picture: Buffer, scene: boolean): Promise<Buffer> {
  const kind = r.pick(['frame', 'frame', 'band', 'letterbox'] as const);
  const colour = r.pick(FRAME_COLOURS);
  if (kind === 'frame') {
    const t = Math.round(SIZE * r.range(0.012, 0.04));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect x="${t / 2}" y="${t / 2}" width="${SIZE - t}" height="${SIZE - t}" fill="none" stroke="${colour}" stroke-width="${t}"/></svg>`;
    return sharp(picture)
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer();
  }
  if (kind === 'band') {
    // A colour band along one side (a caption bar with nothing on it yet, a brand strip).
    const side = r.pick(['top', 'bottom', 'left', 'right'] as const);
    const t = Math.round(SIZE * r.range(0.06, 0.14));
    const band = await sharp({
      create: {
        width: side === 'top' || side === 'bottom' ? SIZE : t,
        height: side === 'top' || side === 'bottom' ? t : SIZE,
        channels: 3,
        background: colour,
      },
    })
      .png()
      .toBuffer();
    return sharp(picture)
      .composite([{ input: band, left: side === 'right' ? SIZE - t : 0, top: side === 'bottom' ? SIZE - t : 0 }])
      .png()
      .toBuffer();
  }
  // Letterbox: the picture shrunk into a strip, bands above and below (white on a scene: the usual
  // "white edges"; any colour on a studio picture).
  const bandColour = scene && r.next() < 0.5 ? '#ffffff' : r.pick(['#000000', '#202020', colour]);
  const t = Math.round(SIZE * r.range(0.08, 0.16));
  const inner = await sharp(picture)
    .resize(SIZE, SIZE - 2 * t, { fit: 'cover' })
    .png()
    .toBuffer();
  return sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: bandColour } })
    .composite([{ input: inner, left: 0, top: t }])
    .png()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------

/** One picture of the set from its seed: clean (with a hard case when `hard`) or with one defect. */
function pictureOf(seed: number, split: 'tune' | 'held', defect: Defect | null): SeededPicture {
  const r = rng(seed * 7919 + (split === 'held' ? 104_729 : 0));
  const scene = defect !== 'objects' && r.next() < 0.35;
  const kind = r.pick(PRODUCT_KINDS);
  const print = r.next() < 0.6;
  const withShadow = !scene && r.next() < 0.5;
  const detached = r.next() < 0.5;
  const overlayKind = r.pick(['caption', 'price', 'watermark', 'logo'] as const);
  const secondKind = r.pick(PRODUCT_KINDS);
  const description = [
    scene ? 'scene' : 'white',
    kind,
    print ? 'printed' : 'plain',
    withShadow ? (detached ? 'detached-shadow' : 'shadow') : '',
    defect === 'text' ? overlayKind : defect === 'objects' ? `+${secondKind}` : (defect ?? ''),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id: `${split}-${String(seed).padStart(2, '0')}`,
    split,
    defect,
    kind: description,
    async draw() {
      const d = rng(seed * 31 + (split === 'held' ? 7 : 3));
      let svg = scene ? sceneBackdrop(d) : '';
      let box: Box;
      if (defect === 'objects') {
        // Two products side by side, each smaller, a clear gap between them.
        const fill = d.range(0.38, 0.5);
        const a = productBox(d, kind, fill);
        const b = productBox(d, secondKind, fill);
        // The second product's area 60 to 100 % of the first's (two of a kind, an accessory beside it).
        const scale = Math.sqrt((a.w * a.h * d.range(0.6, 1)) / (b.w * b.h));
        b.w *= scale;
        b.h *= scale;
        // Each in its half of the picture, a clear gap between them.
        for (const box of [a, b]) {
          const fit = Math.min(1, (SIZE * 0.42) / box.w);
          box.w *= fit;
          box.h *= fit;
          box.y = (SIZE - box.h) / 2;
        }
        a.x = SIZE * 0.27 - a.w / 2;
        b.x = SIZE * 0.73 - b.w / 2;
        svg += product(d, kind, a, { print }) + product(d, secondKind, b, { print: false });
        box = {
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          w: b.x + b.w - a.x,
          h: Math.max(a.y + a.h, b.y + b.h) - Math.min(a.y, b.y),
        };
      } else {
        box = productBox(d, kind, d.range(0.5, 0.68));
        if (withShadow) svg += shadow(d, box, detached);
        svg += product(d, kind, box, { print });
      }
      let picture = await render(svg, scene ? d : null);
      if (defect === 'text') {
        const over = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${overlay(d, overlayKind, box)}</svg>`;
        picture = await sharp(picture)
          .composite([{ input: Buffer.from(over) }])
          .png()
          .toBuffer();
      }
      if (defect === 'border') picture = await withBorder(d, picture, scene);
      return picture;
    },
  };
}

/** Per half: `perDefect` pictures of each defect and as many clean ones as defective ones. */
export function pictureSet(perDefect = 6): SeededPicture[] {
  const out: SeededPicture[] = [];
  for (const split of ['tune', 'held'] as const) {
    let seed = 1;
    for (const defect of ['text', 'border', 'objects'] as const)
      for (let i = 0; i < perDefect; i++) out.push(pictureOf(seed++, split, defect));
    for (let i = 0; i < perDefect * 3; i++) out.push(pictureOf(seed++, split, null));
  }
  return out;
}
