import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { noisePng } from '../tasks/test-support.ts';
import { checksOf, exportAndCheck, fixesFor, fixFor, measure, type Preset } from './checks.ts';
import { SEED_PRESETS } from './preset-seed.ts';

/** Pictures built to pass and to fail each rule of a preset, measured as the grid and the ZIP measure them. */
const amazon = SEED_PRESETS.find((p) => p.name === 'amazon') as Preset;

/** A product (a dark rounded box) on a flat background: `fill` of the frame, centred unless `left` is given. */
async function studio(opts: { size?: number; fill: number; background?: string; left?: number }): Promise<Buffer> {
  const size = opts.size ?? 1200;
  const side = Math.round(size * opts.fill);
  const product = await sharp({ create: { width: side, height: side, channels: 3, background: '#23324a' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: opts.background ?? '#ffffff' } })
    .composite([{ input: product, left: opts.left ?? Math.round((size - side) / 2), top: Math.round((size - side) / 2) }])
    .png()
    .toBuffer();
}

const failing = (checks: Array<{ rule: string; ok: boolean }>) => checks.filter((c) => !c.ok).map((c) => c.rule);

describe('marketplace checks', () => {
  it('a product filling 88% of a pure white frame passes every Amazon rule', async () => {
    const { file, checks, fixes } = await exportAndCheck(await studio({ fill: 0.88 }), amazon);
    expect(failing(checks)).toEqual([]);
    expect(checks.map((c) => c.rule)).toEqual([
      'size',
      'format',
      'bytes',
      'background',
      'fill',
      'edge',
      'text',
      'border',
      'objects',
    ]);
    expect(fixes).toEqual([]);
    expect(await sharp(file).metadata()).toMatchObject({ width: 2000, height: 2000, format: 'jpeg' });
  });

  it('an off-white backdrop fails "pure white"; the fix whitens it', async () => {
    const picture = await studio({ fill: 0.88, background: '#f4f4f4' });
    const { checks, fixes } = await exportAndCheck(picture, amazon);
    expect(failing(checks)).toEqual(['background']);
    expect(fixes).toEqual(['whiten']);
    const fixed = (await fixFor(picture, amazon)) as Buffer;
    expect(failing(checksOf(await measure(fixed), amazon))).toEqual([]);
  });

  it('a small product fails the 85% fill; the fix re-frames it', async () => {
    const picture = await studio({ fill: 0.5 });
    const { checks, fixes } = await exportAndCheck(picture, amazon);
    expect(failing(checks)).toEqual(['fill']);
    expect(checks.find((c) => c.rule === 'fill')?.detail).toBe('50% (min 85%)');
    expect(fixes).toEqual(['reframe']);
    const fixed = (await fixFor(picture, amazon)) as Buffer;
    expect(failing(checksOf(await measure(fixed), amazon))).toEqual([]);
  });

  it('a product cut at the edge fails; the fix re-pads it inside the frame', async () => {
    const picture = await studio({ fill: 0.9, left: 0 });
    const { checks, fixes } = await exportAndCheck(picture, amazon);
    expect(failing(checks)).toEqual(['edge']);
    expect(fixes).toEqual(['repad']);
    const fixed = (await fixFor(picture, amazon)) as Buffer;
    expect(failing(checksOf(await measure(fixed), amazon))).toEqual([]);
  });

  it('a safe margin is measured from every edge (Xiaohongshu 5%)', async () => {
    const xhs = SEED_PRESETS.find((p) => p.name === 'xiaohongshu') as Preset;
    // 1080 x 1440 frame: a product 96% of the width leaves 2% each side.
    const wide = await studio({ size: 1200, fill: 0.96 });
    expect(failing((await exportAndCheck(wide, xhs)).checks)).toEqual(['edge']);
    expect(failing((await exportAndCheck(await studio({ size: 1200, fill: 0.8 }), xhs)).checks)).toEqual([]);
  });

  it('resolution, file type and bytes over the limit are flagged on the file as it is', async () => {
    const raw = await noisePng(1000, 1000);
    const m = await measure(raw);
    expect(failing(checksOf(m, amazon))).toEqual(expect.arrayContaining(['size', 'format']));
    const tiny: Preset = {
      ...amazon,
      name: 'tiny',
      maxBytes: 20_000,
      rules: {
        whiteBackground: false,
        minFill: 0,
        margin: 0,
        noText: false,
        noBorder: false,
        oneProduct: false,
        contactShadow: false,
      },
    };
    const { checks, fixes } = await exportAndCheck(raw, tiny);
    // Noise does not fit 20 KB at 2000 px even at the lowest quality tried.
    expect(failing(checks)).toEqual(['bytes']);
    expect(fixes).toEqual(['reencode']);
  });

  it('a scene is not pure white and has no honest fix', async () => {
    const scene = await noisePng(900, 900);
    const { checks } = await exportAndCheck(scene, amazon);
    expect(failing(checks)).toContain('background');
    const m = await measure(await sharp(scene).jpeg().toBuffer());
    expect(fixesFor(checksOf(m, amazon), m)).not.toContain('whiten');
    expect(await fixFor(scene, amazon)).toBeNull();
  });
});
