import sharp from 'sharp';

/**
 * The photo corpus (issue 44): product photographs nobody tuned the engines on, drawn by code from a
 * seed, each with the exact mask of its product. A scene is an SVG: a wall with plaster texture
 * (turbulence noise), a floor in perspective (planks converging to a vanishing point, tiles, a
 * studio sweep), furniture and other salient things (floor lamps, rails, plants, sofas, frames,
 * posters of people, shelves, windows), soft cast and floor shadows, then the product drawn last;
 * the picture gets sensor grain and JPEG compression like a phone photo. The product's mask is the
 * same product group drawn alone, white on black; the source shadow is drawn alone the same way, so
 * the bench can measure how much of it a cut keeps.
 *
 * Scenes come in pairs of one kind (`KINDS`): the even scene of a pair is in the TUNING half, the odd
 * one in the HELD-OUT half. No threshold or constant of the engines is tuned on the held-out half:
 * the bench prints both halves and the engine tests assert on the held-out one.
 *
 * What counts as the product: the garment with its hanger (a shop shows it so) but not the rail; a
 * garment on a mannequin with the mannequin form (kept in shop photos); a cup, box or bottle without
 * the table or shelf it stands on; a pair of shoes both shoes.
 */
export const KINDS = [
  'hanger-rail',
  'hanger-room',
  'mannequin',
  'flatlay',
  'shoes',
  'bag',
  'cup-table',
  'box-shelf',
  'studio-shadow',
  'bottle-studio',
  'off-centre',
  'low-contrast',
  'sofa-front',
  'poster-person',
  'lamp-beside',
  'plant-beside',
] as const;
export type SceneKind = (typeof KINDS)[number];

/** Scenes in the corpus: two per kind and seed pair, 64 in all. */
export const CORPUS_SIZE = 64;

export interface CorpusScene {
  index: number;
  kind: SceneKind;
  half: 'tuning' | 'held-out';
  width: number;
  height: number;
  /** The photo as a phone would give it (JPEG). */
  photo: Buffer;
  /** The product: one byte per pixel, 255 inside. */
  mask: Buffer;
  /** The source shadow's opacity where it falls outside the product, one byte per pixel (0: none). */
  shadow: Buffer;
  /** Whether a salient thing beside the product touches its bounding box. */
  competing: boolean;
}

export const sceneHalf = (index: number): CorpusScene['half'] => (index % 2 === 0 ? 'tuning' : 'held-out');
export const sceneKind = (index: number): SceneKind => KINDS[Math.floor(index / 2) % KINDS.length]!;

function rng(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: Random, a: number, b: number) => a + r() * (b - a);
const f = (v: number) => v.toFixed(1);

const WALLS = ['#e9e4da', '#d9d4cb', '#c9d3c4', '#d7dde3', '#efe7d8', '#cfc6bb', '#e2d6c6', '#bfc7cc'];
const FLOORS = ['#a0703e', '#8a5a33', '#c29a6b', '#7d6a58', '#b9b1a6', '#9a8f83'];
const FABRICS = [
  '#c8102e',
  '#1f2d5c',
  '#2e6f4e',
  '#e8c547',
  '#6d3b8c',
  '#d97a2b',
  '#2a2a2a',
  '#f2f0ea',
  '#7a8b99',
  '#b5651d',
  '#d46a8c',
  '#3a6ea5',
];

interface Parts {
  defs: string[];
  back: string[];
  shadow: string[];
  product: string[];
  front: string[];
  competing: boolean;
}

/** Wall with plaster texture and a floor in perspective; `floorY` is the horizon line of the floor. */
function room(p: Parts, r: Random, w: number, h: number, floorY: number) {
  const wall = pick(r, WALLS);
  const floor = pick(r, FLOORS);
  const seed = Math.floor(r() * 1000);
  p.defs.push(
    `<filter id="plaster" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="4" seed="${seed}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.35 -0.1"/></filter>`,
    `<linearGradient id="walllight" x1="${r() < 0.5 ? 0 : 1}" y1="0" x2="${r() < 0.5 ? 1 : 0}" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.08" numOctaves="3" seed="${seed + 1}"/><feColorMatrix type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.12  0 0 0 0 0.05  0 0 0 0.5 -0.12"/></filter>`,
  );
  p.back.push(
    `<rect width="${w}" height="${h}" fill="${wall}"/><rect width="${w}" height="${h}" filter="url(#plaster)"/><rect width="${w}" height="${floorY}" fill="url(#walllight)"/>`,
  );
  const style = r();
  if (style < 0.6) {
    // Planks converging to a vanishing point above the picture's middle.
    const vx = between(r, w * 0.3, w * 0.7);
    const lines = Array.from({ length: 14 }, (_, i) => {
      const x = (i / 13) * w * 2 - w * 0.5;
      return `<line x1="${f(vx + (x - vx) * 0.18)}" y1="${floorY}" x2="${f(x)}" y2="${h}" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>`;
    }).join('');
    p.back.push(
      `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${floor}"/><rect y="${floorY}" width="${w}" height="${h - floorY}" filter="url(#grain)"/>${lines}`,
    );
  } else {
    // Tiles receding: rows closer together towards the horizon.
    const rows = Array.from({ length: 8 }, (_, i) => {
      const y = floorY + (h - floorY) * ((i + 1) / 8) ** 1.8;
      return `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`;
    }).join('');
    p.back.push(`<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${floor}"/>${rows}`);
  }
  p.back.push(`<rect y="${floorY - 6}" width="${w}" height="8" fill="#f4f1ea" opacity="0.8"/>`);
}

/** Seamless studio paper: light from one side, no horizon. */
function studioSweep(p: Parts, r: Random, w: number, h: number) {
  const tone = pick(r, ['#f3f2ef', '#e9e6e1', '#dfe3e6', '#f1e9df', '#e4e4e4']);
  p.defs.push(
    `<radialGradient id="sweep" cx="${between(r, 0.3, 0.7)}" cy="0.35" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>`,
  );
  p.back.push(`<rect width="${w}" height="${h}" fill="${tone}"/><rect width="${w}" height="${h}" fill="url(#sweep)"/>`);
}

// ---- competing things ----

function floorLamp(x: number, floorY: number, s: number) {
  const top = floorY - 620 * s;
  return `<g><rect x="${f(x - 4 * s)}" y="${f(top + 90 * s)}" width="${f(8 * s)}" height="${f(530 * s)}" fill="#2b2b2b"/>
    <ellipse cx="${f(x)}" cy="${f(floorY)}" rx="${f(60 * s)}" ry="${f(12 * s)}" fill="#1e1e1e"/>
    <path d="M${f(x - 90 * s)} ${f(top + 110 * s)} L${f(x - 55 * s)} ${f(top)} L${f(x + 55 * s)} ${f(top)} L${f(x + 90 * s)} ${f(top + 110 * s)} Z" fill="#f1e3c2"/>
    <ellipse cx="${f(x)}" cy="${f(top + 110 * s)}" rx="${f(90 * s)}" ry="${f(10 * s)}" fill="#fff6dc"/></g>`;
}

function plant(x: number, floorY: number, s: number, r: Random) {
  const leaves = Array.from({ length: 7 }, () => {
    const a = between(r, -60, 60);
    const len = between(r, 120, 220) * s;
    const c = pick(r, ['#2f7d32', '#3f9a3c', '#2a6e2c', '#4c8c3f']);
    return `<ellipse cx="0" cy="${f(-len / 2)}" rx="${f(len * 0.3)}" ry="${f(len / 2)}" fill="${c}" transform="rotate(${f(a)})"/>`;
  }).join('');
  return `<g transform="translate(${f(x)} ${f(floorY - 150 * s)})">${leaves}
    <path d="M${f(-70 * s)} 0 L${f(70 * s)} 0 L${f(55 * s)} ${f(150 * s)} L${f(-55 * s)} ${f(150 * s)} Z" fill="${pick(r, ['#b5562c', '#e8e2d6', '#3d3d3d'])}"/></g>`;
}

function sofa(x: number, floorY: number, width: number, r: Random) {
  const c = pick(r, ['#7b8a99', '#a88c6e', '#5a6b57', '#9c5a4a', '#c9c1b3']);
  const h = width * 0.42;
  return `<g><rect x="${f(x)}" y="${f(floorY - h)}" width="${f(width)}" height="${f(h * 0.6)}" rx="24" fill="${c}"/>
    <rect x="${f(x - 20)}" y="${f(floorY - h * 0.55)}" width="${f(width + 40)}" height="${f(h * 0.45)}" rx="18" fill="${c}" />
    <rect x="${f(x + 20)}" y="${f(floorY - h * 0.58)}" width="${f(width / 2 - 30)}" height="${f(h * 0.16)}" rx="12" fill="#000" opacity="0.12"/>
    <rect x="${f(x + width / 2 + 10)}" y="${f(floorY - h * 0.58)}" width="${f(width / 2 - 30)}" height="${f(h * 0.16)}" rx="12" fill="#000" opacity="0.12"/>
    <rect x="${f(x)}" y="${f(floorY - 12)}" width="14" height="14" fill="#3a2a1a"/><rect x="${f(x + width - 14)}" y="${f(floorY - 12)}" width="14" height="14" fill="#3a2a1a"/></g>`;
}

function frame(x: number, y: number, w: number, h: number, r: Random) {
  const sky = pick(r, ['#8fb3d9', '#e7b58a', '#9cc7a4']);
  return `<g><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#2f2a24"/>
    <rect x="${f(x + 10)}" y="${f(y + 10)}" width="${f(w - 20)}" height="${f(h - 20)}" fill="${sky}"/>
    <path d="M${f(x + 10)} ${f(y + h - 10)} L${f(x + w * 0.35)} ${f(y + h * 0.45)} L${f(x + w * 0.6)} ${f(y + h * 0.7)} L${f(x + w * 0.8)} ${f(y + h * 0.5)} L${f(x + w - 10)} ${f(y + h - 10)} Z" fill="#4a6b3a"/></g>`;
}

/** A poster of a person (a model in a coat): the kind of salient figure a model loves. */
function personPoster(x: number, y: number, w: number, h: number, r: Random) {
  const coat = pick(r, ['#8c2f39', '#2f4f6f', '#c4a35a', '#444']);
  const cx = x + w / 2;
  return `<g><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${pick(r, ['#f3efe6', '#dfe8ee', '#f6d8c9'])}"/>
    <circle cx="${f(cx)}" cy="${f(y + h * 0.2)}" r="${f(w * 0.11)}" fill="#d9a982"/>
    <path d="M${f(cx - w * 0.1)} ${f(y + h * 0.13)} Q${f(cx)} ${f(y + h * 0.05)} ${f(cx + w * 0.12)} ${f(y + h * 0.15)} L${f(cx + w * 0.12)} ${f(y + h * 0.22)} Q${f(cx)} ${f(y + h * 0.1)} ${f(cx - w * 0.1)} ${f(y + h * 0.2)} Z" fill="#3a2418"/>
    <path d="M${f(cx - w * 0.25)} ${f(y + h * 0.32)} L${f(cx + w * 0.25)} ${f(y + h * 0.32)} L${f(cx + w * 0.3)} ${f(y + h * 0.92)} L${f(cx - w * 0.3)} ${f(y + h * 0.92)} Z" fill="${coat}"/>
    <text x="${f(x + w * 0.08)}" y="${f(y + h * 0.98)}" font-family="sans-serif" font-size="${f(w * 0.08)}" fill="#222">NEW SEASON</text></g>`;
}

function shelf(x: number, y: number, w: number, r: Random) {
  const books = Array.from({ length: Math.floor(w / 28) }, (_, i) => {
    const bh = between(r, 50, 90);
    return `<rect x="${f(x + 6 + i * 26)}" y="${f(y - bh)}" width="22" height="${f(bh)}" fill="${pick(r, ['#8e2b2b', '#2b5e8e', '#c9a23a', '#3a7a4a', '#ddd'])}"/>`;
  }).join('');
  return `<g>${books}<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="16" fill="#6b4a2a"/></g>`;
}

function windowPane(x: number, y: number, w: number, h: number) {
  return `<g><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#f8fbff"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="#ddd6c8" stroke-width="14"/>
    <line x1="${f(x + w / 2)}" y1="${f(y)}" x2="${f(x + w / 2)}" y2="${f(y + h)}" stroke="#ddd6c8" stroke-width="10"/><line x1="${f(x)}" y1="${f(y + h / 2)}" x2="${f(x + w)}" y2="${f(y + h / 2)}" stroke="#ddd6c8" stroke-width="10"/></g>`;
}

// ---- products (each a group in a 0..1 box scaled to the placement) ----

interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

function fabricDefs(p: Parts, r: Random, id: string) {
  const colour = pick(r, FABRICS);
  const printKind = r();
  p.defs.push(
    `<linearGradient id="${id}fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.6" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>`,
  );
  let print = '';
  if (printKind < 0.25) {
    p.defs.push(
      `<pattern id="${id}print" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="12" height="24" fill="#fff" opacity="0.35"/></pattern>`,
    );
    print = `url(#${id}print)`;
  } else if (printKind < 0.45) {
    p.defs.push(
      `<pattern id="${id}print" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="6" fill="#fff" opacity="0.7"/></pattern>`,
    );
    print = `url(#${id}print)`;
  }
  return { colour, print };
}

/** Body paths of garments in a 100 x 100 box. */
const GARMENTS = {
  tshirt: 'M36 4 Q50 12 64 4 L96 18 L86 40 L74 35 L75 98 L25 98 L26 35 L14 40 L4 18 Z',
  dress: 'M38 2 L62 2 L64 26 L92 98 L8 98 L36 26 Z',
  hoodie: 'M34 10 Q36 0 50 0 Q64 0 66 10 L94 22 L98 78 L86 80 L78 42 L76 98 L24 98 L22 42 L14 80 L2 78 L6 22 Z',
  trousers: 'M22 2 L78 2 L86 98 L60 98 L50 34 L40 98 L14 98 Z',
  coat: 'M34 2 L66 2 L96 16 L98 90 L84 92 L80 40 L80 98 L20 98 L20 40 L16 92 L2 90 L4 16 Z',
} as const;

function garment(p: Parts, r: Random, at: Placement, kind: keyof typeof GARMENTS, id: string): string {
  const { colour, print } = fabricDefs(p, r, id);
  const t = `translate(${f(at.x)} ${f(at.y)}) scale(${f(at.w / 100)} ${f(at.h / 100)})`;
  const d = GARMENTS[kind];
  const extra =
    kind === 'hoodie'
      ? `<path d="M40 50 L60 50 L62 66 L38 66 Z" fill="#000" opacity="0.12"/><path d="M44 12 L44 30 M56 12 L56 30" stroke="#eee" stroke-width="1"/>`
      : kind === 'coat'
        ? `<path d="M50 4 L50 98" stroke="#000" stroke-opacity="0.3" stroke-width="0.8"/>${[30, 45, 60, 75].map((y) => `<circle cx="46" cy="${y}" r="1.4" fill="#111"/>`).join('')}`
        : '';
  return `<g transform="${t}"><path d="${d}" fill="${colour}"/>${print ? `<path d="${d}" fill="${print}"/>` : ''}<path d="${d}" fill="url(#${id}fold)"/>${extra}</g>`;
}

/** A wire hanger whose hook top is at (cx, top); `span` is the shoulder width. */
const hanger = (cx: number, top: number, span: number, drop: number) =>
  `<path d="M${f(cx)} ${f(top + 26)} Q${f(cx - 12)} ${f(top + 10)} ${f(cx)} ${f(top)} Q${f(cx + 14)} ${f(top - 4)} ${f(cx + 14)} ${f(top + 10)}" fill="none" stroke="#6a6a6a" stroke-width="5"/>
   <path d="M${f(cx)} ${f(top + 26)} L${f(cx - span / 2)} ${f(top + 26 + drop)} L${f(cx + span / 2)} ${f(top + 26 + drop)} Z" fill="none" stroke="#6a6a6a" stroke-width="6" stroke-linejoin="round"/>`;

function sneaker(at: Placement, r: Random, flip: boolean): string {
  const upper = pick(r, ['#f4f4f4', '#1f1f1f', '#c8102e', '#3a6ea5', '#d9c7a7']);
  const t = `translate(${f(at.x + (flip ? at.w : 0))} ${f(at.y)}) scale(${f(((flip ? -1 : 1) * at.w) / 100)} ${f(at.h / 100)})`;
  return `<g transform="${t}"><path d="M4 60 Q6 30 26 22 L44 8 Q52 4 58 14 L66 34 Q86 40 96 60 L98 80 L4 80 Z" fill="${upper}"/>
    <path d="M2 78 L99 78 L97 96 L4 96 Z" fill="#f0ece4"/><path d="M2 86 L99 86" stroke="#000" stroke-opacity="0.25" stroke-width="1"/>
    <path d="M30 30 L56 44 M34 24 L58 36" stroke="#888" stroke-width="2"/><path d="M60 58 Q74 52 90 64" stroke="#000" stroke-opacity="0.3" stroke-width="2" fill="none"/></g>`;
}

function tote(at: Placement, r: Random): string {
  const c = pick(r, ['#8a5a32', '#2a2a2a', '#c9a37a', '#6d2e3a', '#e8dcc8']);
  const t = `translate(${f(at.x)} ${f(at.y)}) scale(${f(at.w / 100)} ${f(at.h / 100)})`;
  return `<g transform="${t}"><path d="M28 42 Q28 4 50 4 Q72 4 72 42" fill="none" stroke="${c}" stroke-width="6"/>
    <path d="M8 38 L92 38 L98 98 L2 98 Z" fill="${c}"/><rect x="44" y="48" width="12" height="6" fill="#c9a24a"/><path d="M8 38 L92 38 L93 46 L7 46 Z" fill="#000" opacity="0.15"/></g>`;
}

/**
 * A mug's open top, drawn as a see-through dark ellipse. Its upper half lies above the body's edge,
 * over the room, but it is the mug's rim: the product mask counts it whole (the truth pass drops the
 * opacity), as a merchant's cutout of a mug keeps its top.
 */
const OPENING = ' opacity="0.3"';

function mug(at: Placement, r: Random): string {
  const c = pick(r, ['#f4f1ea', '#2e6f4e', '#c8102e', '#3a6ea5', '#e8c547', '#333']);
  const t = `translate(${f(at.x)} ${f(at.y)}) scale(${f(at.w / 100)} ${f(at.h / 100)})`;
  return `<g transform="${t}"><path d="M72 28 Q99 28 99 52 Q99 76 72 74" fill="none" stroke="${c}" stroke-width="9"/>
    <path d="M4 8 L76 8 L72 94 Q40 100 8 94 Z" fill="${c}"/><ellipse cx="40" cy="8" rx="36" ry="6" fill="#000"${OPENING}/>
    <path d="M14 14 L18 88" stroke="#fff" stroke-opacity="0.35" stroke-width="5"/></g>`;
}

function box3d(at: Placement, r: Random): string {
  const c = pick(r, ['#d6b98c', '#c8102e', '#1f2d5c', '#f2f0ea', '#2e6f4e', '#e8c547']);
  const t = `translate(${f(at.x)} ${f(at.y)}) scale(${f(at.w / 100)} ${f(at.h / 100)})`;
  return `<g transform="${t}"><path d="M2 22 L64 30 L64 99 L2 90 Z" fill="${c}"/><path d="M64 30 L98 18 L98 86 L64 99 Z" fill="${c}"/><path d="M64 30 L98 18 L98 86 L64 99 Z" fill="#000" opacity="0.22"/>
    <path d="M2 22 L36 10 L98 18 L64 30 Z" fill="${c}"/><path d="M2 22 L36 10 L98 18 L64 30 Z" fill="#fff" opacity="0.25"/>
    <text x="10" y="66" font-family="sans-serif" font-size="14" font-weight="bold" fill="#fff" opacity="0.85" transform="skewY(7)">BRAND</text></g>`;
}

function bottle(at: Placement, r: Random): string {
  const c = pick(r, ['#2e6f4e', '#7a1010', '#1f2d5c', '#d9a441', '#e9e4da']);
  const t = `translate(${f(at.x)} ${f(at.y)}) scale(${f(at.w / 100)} ${f(at.h / 100)})`;
  return `<g transform="${t}"><rect x="36" y="0" width="28" height="14" rx="3" fill="#222"/><path d="M38 14 L62 14 L62 26 Q92 32 92 48 L92 94 Q92 99 86 99 L14 99 Q8 99 8 94 L8 48 Q8 32 38 26 Z" fill="${c}"/>
    <rect x="14" y="52" width="72" height="30" fill="#fbf7ee"/><text x="50" y="72" font-family="serif" font-size="12" text-anchor="middle" fill="#333">ORGANIC</text>
    <path d="M18 40 L20 92" stroke="#fff" stroke-opacity="0.3" stroke-width="5"/></g>`;
}

function mannequinForm(cx: number, top: number, w: number, h: number, floorY: number): string {
  return `<g fill="#e3d7c4"><ellipse cx="${f(cx)}" cy="${f(top + h * 0.05)}" rx="${f(w * 0.09)}" ry="${f(h * 0.05)}"/>
    <rect x="${f(cx - w * 0.06)}" y="${f(top + h * 0.05)}" width="${f(w * 0.12)}" height="${f(h * 0.08)}"/></g>
    <rect x="${f(cx - 5)}" y="${f(top + h * 0.95)}" width="10" height="${f(floorY - top - h * 0.95)}" fill="#3b3b3b"/>
    <ellipse cx="${f(cx)}" cy="${f(floorY)}" rx="${f(w * 0.25)}" ry="${f(w * 0.05)}" fill="#3b3b3b"/>`;
}

/** Shadow layers: a soft contact shadow (ellipse) and a cast shadow (the product squashed and sheared away from the light). */
function floorShadows(p: Parts, r: Random, at: Placement, productSvg: string, strength = 1) {
  // A strong shadow is a hard one too (a flash close by): the grey disc the model likes to keep.
  const blur = between(r, 6, 16) / strength;
  const from = r() < 0.5 ? -1 : 1;
  p.defs.push(
    `<filter id="shblur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(blur)}"/></filter>`,
    `<filter id="castblur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(blur * 1.8)}"/></filter>`,
    `<filter id="black" x="0" y="0" width="100%" height="100%"><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1 0"/></filter>`,
  );
  const base = at.y + at.h;
  p.shadow.push(
    `<ellipse cx="${f(at.x + at.w / 2)}" cy="${f(base)}" rx="${f(at.w * 0.55)}" ry="${f(at.h * 0.05 + 6)}" fill="#000" opacity="${f(Math.min(0.85, 0.45 * strength))}" filter="url(#shblur)"/>`,
  );
  if (r() < 0.75) {
    const squash = between(r, 0.25, 0.45);
    const shear = from * between(r, 0.8, 1.6);
    p.shadow.push(
      `<g opacity="${f(Math.min(0.7, between(r, 0.22, 0.4) * strength))}" filter="url(#castblur)"><g transform="translate(0 ${f(base)}) matrix(1 0 ${f(shear * -1)} ${f(squash)} 0 0) translate(0 ${f(-base)})"><g filter="url(#black)">${productSvg}</g></g></g>`,
    );
  }
}

/** A shadow thrown on the wall behind a hanging product (light from the front and one side). */
function wallShadow(p: Parts, r: Random, productSvg: string) {
  p.defs.push(
    `<filter id="wallblur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(between(r, 8, 18))}"/></filter>`,
    `<filter id="black2" x="0" y="0" width="100%" height="100%"><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1 0"/></filter>`,
  );
  const dx = (r() < 0.5 ? -1 : 1) * between(r, 10, 30);
  p.shadow.push(
    `<g opacity="${f(between(r, 0.2, 0.35))}" filter="url(#wallblur)"><g transform="translate(${f(dx)} ${f(between(r, 10, 24))})"><g filter="url(#black2)">${productSvg}</g></g></g>`,
  );
}

function sceneParts(index: number, w: number, h: number): Parts {
  const kind = sceneKind(index);
  const r = rng(index * 7919 + 101);
  const p: Parts = { defs: [], back: [], shadow: [], product: [], front: [], competing: false };
  const floorY = h * between(r, 0.72, 0.84);
  const gk = pick(r, Object.keys(GARMENTS) as Array<keyof typeof GARMENTS>);
  switch (kind) {
    case 'hanger-rail':
    case 'hanger-room': {
      room(p, r, w, h, floorY);
      const cx = w * between(r, 0.42, 0.58);
      const gw = w * between(r, 0.34, 0.44);
      const gh = Math.min(h * 0.62, gw * between(r, 1.1, 1.5));
      const top = h * between(r, 0.1, 0.16);
      if (kind === 'hanger-rail') {
        // The rail the hanger hooks on, across the picture; brackets on the wall.
        p.back.push(
          `<rect x="${f(w * 0.05)}" y="${f(top - 4)}" width="${f(w * 0.9)}" height="10" rx="5" fill="#8d8d8d"/><rect x="${f(w * 0.08)}" y="${f(top - 30)}" width="10" height="40" fill="#777"/><rect x="${f(w * 0.9)}" y="${f(top - 30)}" width="10" height="40" fill="#777"/>`,
        );
        if (r() < 0.6) p.back.push(floorLamp(cx + gw * between(r, 0.55, 0.8), floorY, between(r, 0.9, 1.2)));
        else p.back.push(plant(cx - gw * between(r, 0.6, 0.8), floorY, between(r, 0.9, 1.3), r));
        p.competing = true;
      } else {
        p.back.push(shelf(w * 0.04, h * 0.3, w * 0.24, r));
        if (r() < 0.5) p.back.push(windowPane(w * 0.7, h * 0.12, w * 0.22, h * 0.3));
        p.back.push(sofa(w * between(r, 0.55, 0.65), floorY, w * 0.45, r));
        p.back.push(plant(w * 0.1, floorY, 0.9, r));
        p.competing = true;
      }
      const g = garment(p, r, { x: cx - gw / 2, y: top + 26 + gh * 0.06, w: gw, h: gh }, gk === 'trousers' ? 'tshirt' : gk, 'g');
      const whole = `${hanger(cx, top - 8, gw * 0.62, gh * 0.08)}${g}`;
      wallShadow(p, r, whole);
      p.product.push(whole);
      break;
    }
    case 'mannequin': {
      room(p, r, w, h, floorY);
      const cx = w * between(r, 0.44, 0.56);
      const gw = w * between(r, 0.3, 0.38);
      const gh = h * 0.48;
      const top = h * 0.14;
      const g = garment(
        p,
        r,
        { x: cx - gw / 2, y: top + gh * 0.12, w: gw, h: gh },
        pick(r, ['tshirt', 'dress', 'coat'] as const),
        'g',
      );
      const whole = `${mannequinForm(cx, top, gw, gh + gh * 0.12, floorY)}${g}`;
      if (r() < 0.5) p.back.push(frame(cx + gw * 0.45, h * 0.12, w * 0.22, h * 0.28, r));
      else p.back.push(plant(cx - gw * 0.9, floorY, 1, r));
      p.competing = true;
      floorShadows(p, r, { x: cx - gw * 0.3, y: floorY - 20, w: gw * 0.6, h: 20 }, whole, 0.8);
      p.product.push(whole);
      break;
    }
    case 'flatlay': {
      // Seen from above: a garment on a wooden or linen surface, accessories around it.
      const surface = pick(r, ['#c29a6b', '#e8e1d3', '#d9d4cb', '#9a8f83']);
      p.defs.push(
        `<filter id="surf" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${r() < 0.5 ? '0.003 0.05' : '0.5 0.5'}" numOctaves="3" seed="${index}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.4 -0.1"/></filter>`,
      );
      p.back.push(`<rect width="${w}" height="${h}" fill="${surface}"/><rect width="${w}" height="${h}" filter="url(#surf)"/>`);
      const gw = w * between(r, 0.5, 0.6);
      const gh = gw * between(r, 0.9, 1.2);
      const at = { x: (w - gw) / 2 + between(r, -30, 30), y: (h - gh) / 2, w: gw, h: gh };
      // Sunglasses and a watch beside, not touching.
      p.back.push(
        `<g transform="translate(${f(w * 0.08)} ${f(h * 0.1)})"><circle cx="30" cy="30" r="26" fill="#222"/><circle cx="96" cy="30" r="26" fill="#222"/><path d="M56 26 L70 26" stroke="#222" stroke-width="5"/></g>`,
        `<g transform="translate(${f(w * 0.84)} ${f(h * 0.8)})"><rect x="-10" y="-60" width="20" height="120" fill="#6b4a2a"/><circle r="28" fill="#ddd" stroke="#aaa" stroke-width="5"/></g>`,
      );
      const g = garment(p, r, at, gk, 'g');
      p.defs.push(`<filter id="lift" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>`);
      p.shadow.push(`<g opacity="0.3" filter="url(#lift)" transform="translate(8 10)"><g filter="url(#blackf)">${g}</g></g>`);
      p.defs.push(
        `<filter id="blackf"><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1 0"/></filter>`,
      );
      p.product.push(g);
      break;
    }
    case 'shoes':
    case 'bag':
    case 'cup-table':
    case 'box-shelf':
    case 'bottle-studio':
    case 'studio-shadow': {
      const studio = kind === 'studio-shadow' || kind === 'bottle-studio' || (kind === 'shoes' && r() < 0.5);
      let base = floorY;
      if (studio) {
        studioSweep(p, r, w, h);
        base = h * between(r, 0.74, 0.86);
      } else {
        room(p, r, w, h, floorY);
        if (kind === 'cup-table' || kind === 'box-shelf') {
          // The table or shelf top the product stands on.
          base = h * between(r, 0.62, 0.72);
          const wood = pick(r, ['#7a5230', '#b08a5a', '#e6e0d6', '#3b3b3b']);
          p.back.push(
            `<path d="M0 ${f(base - h * 0.06)} L${w} ${f(base - h * 0.06)} L${w} ${f(base + h * 0.05)} L0 ${f(base + h * 0.05)} Z" fill="${wood}"/><rect y="${f(base + h * 0.05)}" width="${w}" height="14" fill="#000" opacity="0.35"/>`,
          );
          if (kind === 'box-shelf') p.back.push(shelf(w * 0.62, base - h * 0.06, w * 0.34, r));
          else
            p.back.push(
              `<g transform="translate(${f(w * 0.18)} ${f(base - h * 0.06)})"><path d="M-30 0 L30 0 L22 -90 L-22 -90 Z" fill="#e8e2d6"/><circle cx="0" cy="-120" r="46" fill="#3f9a3c"/></g>`,
            );
          p.competing = true;
        } else if (r() < 0.5) {
          p.back.push(plant(w * 0.15, floorY, 0.8, r));
        }
      }
      const size =
        kind === 'cup-table' ? between(r, 0.22, 0.3) : kind === 'box-shelf' ? between(r, 0.28, 0.36) : between(r, 0.38, 0.5);
      const pw = w * size * (kind === 'bottle-studio' ? 0.6 : 1);
      const ph =
        kind === 'shoes'
          ? pw * 0.42
          : kind === 'bottle-studio'
            ? pw * 2.2
            : kind === 'box-shelf'
              ? pw * 0.9
              : pw * (kind === 'bag' ? 1.05 : 1);
      const cx = w * between(r, 0.42, 0.58);
      const at = { x: cx - pw / 2, y: base - ph, w: pw, h: ph };
      let svg: string;
      if (kind === 'shoes') {
        const second = { ...at, x: at.x + pw * 0.18, y: at.y - ph * 0.25, w: pw * 0.92, h: ph * 0.92 };
        svg = `${sneaker(second, r, false)}${sneaker(at, r, false)}`;
      } else if (kind === 'bag') svg = tote(at, r);
      else if (kind === 'cup-table') svg = mug(at, r);
      else if (kind === 'box-shelf') svg = box3d(at, r);
      else if (kind === 'bottle-studio') svg = bottle(at, r);
      else svg = pick(r, [tote, mug, box3d, bottle] as const)(at, r);
      floorShadows(p, r, at, svg, kind === 'studio-shadow' ? 1.9 : studio ? 1.2 : 1);
      p.product.push(svg);
      break;
    }
    case 'off-centre': {
      room(p, r, w, h, floorY);
      const left = r() < 0.5;
      const pw = w * between(r, 0.26, 0.32);
      const ph = pw * 1.3;
      const cx = left ? w * between(r, 0.24, 0.3) : w * between(r, 0.7, 0.76);
      const at = { x: cx - pw / 2, y: floorY + h * 0.06 - ph, w: pw, h: ph };
      p.back.push(frame(left ? w * 0.55 : w * 0.12, h * 0.12, w * 0.28, h * 0.22, r));
      const svg = pick(r, [tote, box3d] as const)(at, r);
      floorShadows(p, r, at, svg);
      p.product.push(svg);
      break;
    }
    case 'low-contrast': {
      // A product of nearly the wall's colour.
      const tone = pick(r, ['#e9e4da', '#d9d4cb', '#efe7d8']);
      p.back.push(`<rect width="${w}" height="${h}" fill="${tone}"/>`);
      p.defs.push(
        `<filter id="plaster" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="4" seed="${index}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.3 -0.1"/></filter>`,
      );
      p.back.push(`<rect width="${w}" height="${h}" filter="url(#plaster)"/>`);
      const gw = w * 0.42;
      const gh = gw * 1.3;
      const cx = w * between(r, 0.45, 0.55);
      const top = h * 0.16;
      const colour = tone === '#e9e4da' ? '#d8cfbf' : tone === '#d9d4cb' ? '#c7c0b4' : '#ddd2bd';
      p.defs.push(
        `<linearGradient id="gfold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.1"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
      );
      const d = GARMENTS[gk === 'trousers' ? 'tshirt' : gk];
      const g = `<g transform="translate(${f(cx - gw / 2)} ${f(top + 30)}) scale(${f(gw / 100)} ${f(gh / 100)})"><path d="${d}" fill="${colour}"/><path d="${d}" fill="url(#gfold)"/></g>`;
      const whole = `${hanger(cx, top - 6, gw * 0.6, gh * 0.06)}${g}`;
      wallShadow(p, r, whole);
      p.product.push(whole);
      break;
    }
    case 'sofa-front':
    case 'poster-person':
    case 'lamp-beside':
    case 'plant-beside': {
      room(p, r, w, h, floorY);
      const pw = w * between(r, 0.3, 0.4);
      const ph = pw * between(r, 0.9, 1.2);
      const cx = w * between(r, 0.44, 0.56);
      const standing = kind === 'sofa-front' || kind === 'lamp-beside' || kind === 'plant-beside';
      const at = standing
        ? { x: cx - pw / 2, y: floorY + h * 0.08 - ph, w: pw, h: ph }
        : { x: cx - pw / 2, y: h * 0.2, w: pw, h: ph * 1.1 };
      if (kind === 'sofa-front') p.back.push(sofa(cx - w * 0.35, floorY, w * 0.7, r));
      if (kind === 'poster-person') {
        const side = r() < 0.5 ? -1 : 1;
        p.back.push(personPoster(cx + side * pw * 0.45 - (side < 0 ? w * 0.26 : 0), h * 0.08, w * 0.26, h * 0.45, r));
      }
      if (kind === 'lamp-beside')
        p.back.push(floorLamp(cx + (r() < 0.5 ? -1 : 1) * pw * between(r, 0.55, 0.7), floorY + 20, 1.1));
      if (kind === 'plant-beside')
        p.back.push(plant(cx + (r() < 0.5 ? -1 : 1) * pw * between(r, 0.55, 0.75), floorY + 30, 1.2, r));
      p.competing = true;
      let svg: string;
      if (standing) {
        svg = pick(r, [tote, box3d, mug] as const)(at, r);
        floorShadows(p, r, at, svg);
      } else {
        const g = garment(p, r, { ...at, y: at.y + 30 }, gk, 'g');
        svg = `${hanger(cx, at.y - 8, pw * 0.6, ph * 0.06)}${g}`;
        wallShadow(p, r, svg);
      }
      p.product.push(svg);
      break;
    }
  }
  return p;
}

const document = (w: number, h: number, defs: string[], body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('')}</defs>${body}</svg>`;

function addGrain(raw: Buffer, seed: number, amount: number): Buffer {
  let s = seed >>> 0 || 1;
  for (let i = 0; i < raw.length; i += 3) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const n = ((s >>> 16) / 65536 - 0.5) * 2 * amount;
    raw[i] = Math.max(0, Math.min(255, Math.round(raw[i]! + n)));
    raw[i + 1] = Math.max(0, Math.min(255, Math.round(raw[i + 1]! + n)));
    raw[i + 2] = Math.max(0, Math.min(255, Math.round(raw[i + 2]! + n)));
  }
  return raw;
}

async function grey(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).flatten({ background: '#000' }).extractChannel(0).raw().toBuffer();
}

/** One scene of the corpus: the photo, its product mask and its source shadow. */
export async function corpusScene(index: number): Promise<CorpusScene> {
  const r = rng(index * 31 + 7);
  const portrait = r() < 0.5;
  const width = portrait ? 768 : 960;
  const height = portrait ? 1024 : 960;
  const p = sceneParts(index, width, height);
  const body = `${p.back.join('')}${p.shadow.join('')}${p.product.join('')}${p.front.join('')}`;
  const raw = await sharp(Buffer.from(document(width, height, p.defs, body)))
    .flatten({ background: '#fff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const photo = await sharp(addGrain(raw, index + 1, 5 + r() * 6), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: Math.round(78 + r() * 14) })
    .toBuffer();
  // The product alone, white on black: its fills replaced by white (gradients and prints included).
  const white = `<filter id="white"><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1 0"/></filter>`;
  const maskGrey = await grey(
    document(
      width,
      height,
      [...p.defs, white],
      `<rect width="${width}" height="${height}" fill="#000"/><g filter="url(#white)">${p.product.join('').replaceAll(`fill="#000"${OPENING}`, 'fill="#000"')}</g>`,
    ),
  );
  const mask = Buffer.alloc(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = maskGrey[i]! >= 128 ? 255 : 0;
  // The shadow's opacity: drawn white on black, outside the product.
  const invert = `<filter id="inv"><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1 0"/></filter>`;
  const shadowGrey = await grey(
    document(
      width,
      height,
      [...p.defs, invert],
      `<rect width="${width}" height="${height}" fill="#000"/><g filter="url(#inv)">${p.shadow.join('')}</g>`,
    ),
  );
  const shadow = Buffer.alloc(width * height);
  for (let i = 0; i < shadow.length; i++) shadow[i] = mask[i] ? 0 : shadowGrey[i]!;
  return { index, kind: sceneKind(index), half: sceneHalf(index), width, height, photo, mask, shadow, competing: p.competing };
}

/** What one cut of a corpus scene scores against the scene's product mask. */
export interface CutScore {
  /** Intersection over union of the cut (alpha >= 128) and the product. */
  iou: number;
  /** Share of the picture the cut keeps that is not the product (room pixels). */
  room: number;
  /** Share of the source shadow (opacity-weighted, outside the product) the cut keeps (alpha-weighted). */
  shadowKept: number;
}

export function scoreCut(scene: CorpusScene, alpha: Uint8Array): CutScore {
  let inter = 0;
  let union = 0;
  let room = 0;
  let shadow = 0;
  let shadowKept = 0;
  for (let i = 0; i < scene.mask.length; i++) {
    const cut = alpha[i]! >= 128;
    const product = scene.mask[i]! === 255;
    if (cut && product) inter++;
    if (cut || product) union++;
    if (cut && !product) room++;
    const s = scene.shadow[i]!;
    if (s > 25) {
      shadow += s;
      shadowKept += (s * alpha[i]!) / 255;
    }
  }
  return { iou: union ? inter / union : 1, room: room / scene.mask.length, shadowKept: shadow ? shadowKept / shadow : 0 };
}
