import type { PresetFrame } from '@productimage/core';
import sharp, { type Sharp } from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { inspectOverlays, type Overlays, type SideName, WORK_SIDE } from './overlays.ts';

/**
 * Marketplace presets: exporting a picture to a preset and checking the exported file against the
 * preset's rules (docs/batches.md "Checks"). One place for every rule: what the grid flags, what the
 * manifest lists and what a fix changes all come from here.
 */
export interface PresetRules {
  /** The background must be pure white RGB 255 (Amazon main image, white-background images). */
  whiteBackground: boolean;
  /** The product's longest side over the frame's matching side, at least (0 = no rule). */
  minFill: number;
  /** Safe margin: the product keeps this fraction of the frame from every edge (0 = only "not cut"). */
  margin: number;
  /** No text, price, watermark or logo laid over the picture (overlays.ts). */
  noText: boolean;
  /** No frame or padding band of another colour. */
  noBorder: boolean;
  /** One product only (measured on a flat background). */
  oneProduct: boolean;
  /**
   * A soft contact shadow under the product is allowed (issue 41). A batch rendering to the preset
   * draws one only then (and only when its recipe asks for a shadow); never a cast shadow.
   */
  contactShadow: boolean;
}

export interface Preset {
  name: string;
  label: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp';
  maxBytes: number;
  rules: PresetRules;
  source: string;
}

export type CheckRule = 'size' | 'format' | 'bytes' | 'background' | 'fill' | 'edge' | 'text' | 'border' | 'objects';
export interface Check {
  rule: CheckRule;
  ok: boolean;
  detail: string;
}
export type FixName = 'reframe' | 'repad' | 'reencode' | 'whiten' | 'unframe';

/** Pure white, RGB 255. */
const WHITE = 255;
/**
 * A pixel counts as pure white from this value up in every channel: JPEG (what marketplaces take)
 * decodes a flat 255 area to 255, but the blocks next to the product ring by a step or two. An
 * off-white backdrop (RGB 245 to 250, the usual rejection) stays far below it.
 */
const WHITE_FROM = 253;
/** A pixel belongs to the product when it differs from the background colour by more than this. */
const FOREGROUND_DIFF = 24;
/** Of the background band's pixels, this share must be exactly white. */
const WHITE_SHARE = 0.99;
/** The band along the edges where the background is read, as a share of the shorter side. */
const BAND = 0.02;

export interface Measure {
  width: number;
  height: number;
  format: string;
  bytes: number;
  /** The background read along the edges is one flat colour (a studio or cut-out picture, not a scene). */
  uniform: boolean;
  /** The background colour read along the edges (mean). */
  background: [number, number, number];
  /** Share of the edge band's background pixels that are exactly white. */
  whiteShare: number;
  /** The product's bounding box in pixels, or null when nothing differs from the background. */
  box: { left: number; top: number; right: number; bottom: number } | null;
  /** Text, frames and bands, products counted (overlays.ts); null when not asked for. */
  overlays: Overlays | null;
}

/** Reads a picture: its size, format, bytes, background along the edges and the product's box. */
export async function measure(file: Buffer, withOverlays = true): Promise<Measure> {
  const meta = await sharp(file).metadata();
  // Transparent pixels read as white: pictures export on white.
  const { data, info } = await sharp(file, USER_IMAGE_INPUT)
    .flatten({ background: { r: WHITE, g: WHITE, b: WHITE } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const band = Math.max(1, Math.min(Math.round(Math.min(width, height) * BAND), Math.floor(Math.min(width, height) / 2)));
  const visitBand = (fn: (i: number) => void) => {
    for (let y = 0; y < height; y++) {
      const row = y * width * 3;
      if (y < band || y >= height - band) {
        for (let x = 0; x < width; x++) fn(row + x * 3);
      } else {
        for (let x = 0; x < band; x++) fn(row + x * 3);
        for (let x = width - band; x < width; x++) fn(row + x * 3);
      }
    }
  };
  // The background colour: each channel's median along the edges (a product reaching an edge does not move it).
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let n = 0;
  visitBand((i) => {
    hist[0][data[i]!]!++;
    hist[1][data[i + 1]!]!++;
    hist[2][data[i + 2]!]!++;
    n++;
  });
  const median = (h: Uint32Array) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += h[v]!;
      if (seen * 2 >= n) return v;
    }
    return 255;
  };
  const bg: [number, number, number] = [median(hist[0]), median(hist[1]), median(hist[2])];
  const [br, bgG, bb] = bg;
  const lo = [br - FOREGROUND_DIFF, bgG - FOREGROUND_DIFF, bb - FOREGROUND_DIFF];
  const hi = [br + FOREGROUND_DIFF, bgG + FOREGROUND_DIFF, bb + FOREGROUND_DIFF];
  const [lr, lg, lb] = lo as [number, number, number];
  const [hr, hg, hb] = hi as [number, number, number];
  let bandBackground = 0;
  let white = 0;
  visitBand((i) => {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (r < lr || r > hr || g < lg || g > hg || b < lb || b > hb) return;
    bandBackground++;
    if (r >= WHITE_FROM && g >= WHITE_FROM && b >= WHITE_FROM) white++;
  });
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      if (r >= lr && r <= hr && g >= lg && g <= hg && b >= lb && b <= hb) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return {
    overlays: withOverlays ? await inspectOverlays(file) : null,
    width,
    height,
    format: meta.format ?? 'unknown',
    bytes: file.length,
    uniform: n > 0 && bandBackground / n >= 0.6,
    background: bg,
    whiteShare: bandBackground ? white / bandBackground : 0,
    box: right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 },
  };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The checks of an exported picture against its preset. */
export function checksOf(m: Measure, preset: Preset): Check[] {
  const checks: Check[] = [
    {
      rule: 'size',
      ok: m.width === preset.width && m.height === preset.height,
      detail: `${m.width}x${m.height} (${preset.width}x${preset.height})`,
    },
    { rule: 'format', ok: m.format === preset.format, detail: `${m.format} (${preset.format})` },
    { rule: 'bytes', ok: m.bytes <= preset.maxBytes, detail: `${m.bytes} (max ${preset.maxBytes})` },
  ];
  const { rules } = preset;
  if (rules.whiteBackground) {
    checks.push({
      rule: 'background',
      ok: m.whiteShare >= WHITE_SHARE,
      detail: `${pct(m.whiteShare)} RGB 255 (rgb ${m.background.join(',')})`,
    });
  }
  // Product size and edges are measured against a flat background only (a scene has no "product box").
  if (m.uniform && m.box && (rules.minFill > 0 || rules.whiteBackground || rules.margin > 0)) {
    const fill = Math.max((m.box.right - m.box.left) / m.width, (m.box.bottom - m.box.top) / m.height);
    if (rules.minFill > 0)
      checks.push({ rule: 'fill', ok: fill >= rules.minFill - 0.005, detail: `${pct(fill)} (min ${pct(rules.minFill)})` });
    const gap = Math.min(m.box.left / m.width, m.box.top / m.height, 1 - m.box.right / m.width, 1 - m.box.bottom / m.height);
    const need = rules.margin;
    checks.push({
      rule: 'edge',
      ok: need > 0 ? gap >= need - 0.005 : gap > 0,
      detail: need > 0 ? `margin ${pct(gap)} (min ${pct(need)})` : gap > 0 ? 'inside the frame' : 'touches the edge',
    });
  }
  if (m.overlays) checks.push(...overlayChecks(m.overlays, rules));
  return checks;
}

const at = ([left, top]: [number, number, number, number]) => `${pct(left)},${pct(top)}`;

/** Whether a preset applies any picture rule (else the picture is not read for them: ~0.2 s saved). */
export const readsOverlays = (rules: PresetRules) => rules.noText || rules.noBorder || rules.oneProduct;

/** The three overlay rules a preset applies (docs/batches.md "Picture checks"). */
function overlayChecks(o: Overlays, rules: PresetRules): Check[] {
  const checks: Check[] = [];
  if (rules.noText) {
    const n = o.text.boxes.length;
    checks.push({
      rule: 'text',
      ok: n === 0,
      detail:
        n === 0 ? 'none found' : `${n} found at ${o.text.boxes.slice(0, 3).map(at).join(' ')}${n > 3 ? ' ...' : ''} (left,top)`,
    });
  }
  if (rules.noBorder) {
    const { kind, sides, colour } = o.border;
    const where = Object.entries(sides)
      .map(([side, depth]) => `${side} ${pct(depth)}`)
      .join(', ');
    checks.push({
      rule: 'border',
      ok: kind === null,
      detail: kind === null ? 'none found' : `${kind}: ${where} (rgb ${colour?.join(',')})`,
    });
  }
  // Products are counted on a flat background only (a scene has no "product" to count).
  if (rules.oneProduct && o.objects.measured)
    checks.push({ rule: 'objects', ok: o.objects.count <= 1, detail: `${o.objects.count} (max 1)` });
  return checks;
}

/** The one-click fixes that can mend the failing checks (none for a scene that is not white). */
export function fixesFor(checks: Check[], m?: Pick<Measure, 'uniform' | 'background'>): FixName[] {
  const failing = new Set(checks.filter((c) => !c.ok).map((c) => c.rule));
  const fixes: FixName[] = [];
  // A frame or band is cut off first: what is left is checked and mended like any picture.
  if (failing.has('border')) fixes.push('unframe');
  if (failing.has('fill')) fixes.push('reframe');
  if (failing.has('edge')) fixes.push('repad');
  if (failing.has('size') || failing.has('format') || failing.has('bytes')) fixes.push('reencode');
  // A flat, light background becomes white; a coloured or scene background cannot be whitened honestly.
  if (failing.has('background') && (!m || (m.uniform && Math.min(...m.background) >= 200))) fixes.push('whiten');
  return fixes;
}

/** Encodes to the preset's format, lowering quality until the file fits its byte limit (or quality 40). */
async function encode(image: Sharp, preset: Preset): Promise<Buffer> {
  if (preset.format === 'png') {
    const full = await image.clone().png({ compressionLevel: 9 }).toBuffer();
    if (full.length <= preset.maxBytes) return full;
    return image.clone().png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
  }
  let last = Buffer.alloc(0);
  for (const quality of [92, 85, 75, 60, 40]) {
    last =
      preset.format === 'webp'
        ? await image.clone().webp({ quality }).toBuffer()
        : await image.clone().jpeg({ quality }).toBuffer();
    if (last.length <= preset.maxBytes) return last;
  }
  return last;
}

/**
 * Exports a picture to a preset: the preset's size (the whole picture kept, padded on white), on
 * white where transparent, in its format within its byte limit. The content is not changed: a
 * product that is too small or cut at the edge stays so (the checks flag it; a fix mends it).
 */
export async function exportFor(file: Buffer, preset: Preset): Promise<Buffer> {
  const white = { r: WHITE, g: WHITE, b: WHITE, alpha: 1 };
  const image = sharp(file, USER_IMAGE_INPUT)
    .flatten({ background: white })
    .resize(preset.width, preset.height, { fit: 'contain', background: white });
  return encode(image, preset);
}

/**
 * The share of the frame a product is given on its longer side when a picture is framed for a
 * preset (the fix, and an engine rendering to the preset): above the preset's minimum, inside its
 * safe margin (at least 2 %, so it never touches an edge), centred.
 */
export function framingFill(rules: Pick<PresetRules, 'minFill' | 'margin'>): number {
  const margin = Math.max(rules.margin, 0.02);
  return Math.min(1 - 2 * margin, rules.minFill > 0 ? Math.max(rules.minFill + 0.03, 0.88) : 0.9);
}

/**
 * The frame a recipe renders to for this preset (issue 41: by construction, no fix afterwards), or
 * null when the preset has no framing rule (no white background, fill or margin): the engine's own
 * composition is kept then.
 */
export function presetFrameOf(preset: Preset): PresetFrame | null {
  const { rules } = preset;
  if (!rules.whiteBackground && rules.minFill <= 0 && rules.margin <= 0) return null;
  return {
    fill: framingFill(rules),
    margin: rules.margin,
    aspect: preset.width / preset.height,
    contactShadow: rules.contactShadow,
  };
}

/**
 * The one-click fix: the product cut out of its flat background (its box), a light background
 * whitened, then placed centred on a white frame of the preset's size at the fill the preset asks
 * for (re-frame) inside its safe margin (re-pad), and encoded within the byte limit (re-encode).
 * Needs a flat background; answers null for a scene (nothing honest to fix).
 */
export async function fixFor(file: Buffer, preset: Preset): Promise<Buffer | null> {
  let flat: Buffer = await sharp(file).flatten({ background: '#ffffff' }).png().toBuffer();
  const { rules } = preset;
  let m = await measure(flat, rules.noBorder);
  let unframed = false;
  if (m.overlays?.border.kind) {
    // Un-frame: the frame or bands cut off; their inside is the picture from here on.
    flat = await cropBands(flat, m, m.overlays);
    m = await measure(flat, false);
    unframed = true;
  }
  if (!m.uniform || !m.box) {
    // A scene: nothing to re-frame, but bands (its own, or the white ones a differently shaped
    // picture gets when fitted into the preset) go by filling the preset's frame, cropped centred.
    const reshaped = Math.abs(m.width / m.height - preset.width / preset.height) > 0.01;
    if (!rules.noBorder || !(unframed || reshaped)) return null;
    return encode(sharp(flat).resize(preset.width, preset.height, { fit: 'cover' }), preset);
  }
  const target = framingFill(rules);
  const boxW = m.box.right - m.box.left;
  const boxH = m.box.bottom - m.box.top;
  let crop = sharp(flat).extract({ left: m.box.left, top: m.box.top, width: boxW, height: boxH });
  if (Math.min(...m.background) >= 200) {
    // Background-coloured pixels inside the box become pure white.
    const { data, info } = await crop.raw().toBuffer({ resolveWithObject: true });
    const [br, bgG, bb] = m.background;
    for (let i = 0; i < data.length; i += info.channels) {
      const d = Math.max(Math.abs(data[i]! - br), Math.abs(data[i + 1]! - bgG), Math.abs(data[i + 2]! - bb));
      if (d <= FOREGROUND_DIFF) data[i] = data[i + 1] = data[i + 2] = WHITE;
    }
    crop = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  const scale = Math.min((preset.width * target) / boxW, (preset.height * target) / boxH);
  const w = Math.max(1, Math.round(boxW * scale));
  const h = Math.max(1, Math.round(boxH * scale));
  const product = await crop.resize(w, h).png().toBuffer();
  const canvas = sharp({ create: { width: preset.width, height: preset.height, channels: 3, background: '#ffffff' } }).composite([
    { input: product, left: Math.round((preset.width - w) / 2), top: Math.round((preset.height - h) / 2) },
  ]);
  return encode(sharp(await canvas.png().toBuffer()), preset);
}

/** Sides where a band was found, in pixels of this picture. */
const BAND_SIDES: SideName[] = ['top', 'bottom', 'left', 'right'];

/** The picture without its frame or padding bands (a little more: the line where they blend in). */
async function cropBands(file: Buffer, m: Measure, overlays: Overlays): Promise<Buffer> {
  const { sides } = overlays.border;
  const px = (side: SideName) => {
    const depth = sides[side];
    if (depth === undefined) return 0;
    const across = side === 'top' || side === 'bottom' ? m.height : m.width;
    return Math.ceil((depth + 3 / WORK_SIDE) * across);
  };
  const [top, bottom, left, right] = BAND_SIDES.map(px) as [number, number, number, number];
  const width = m.width - left - right;
  const height = m.height - top - bottom;
  if (width < 16 || height < 16) return file;
  return sharp(file).extract({ left, top, width, height }).png().toBuffer();
}

/** The export of a picture for a preset with its checks. */
export async function exportAndCheck(file: Buffer, preset: Preset): Promise<{ file: Buffer; checks: Check[]; fixes: FixName[] }> {
  const exported = await exportFor(file, preset);
  const m = await measure(exported, readsOverlays(preset.rules));
  const checks = checksOf(m, preset);
  return { file: exported, checks, fixes: fixesFor(checks, m) };
}
