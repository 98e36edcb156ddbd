import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checksOf, exportAndCheck, fixesFor, fixFor, measure, type Preset } from './checks.ts';
import { type Defect, pictureSet, rng } from './picture-set.test-support.ts';

/**
 * The picture checks (text, border, objects) on the seeded set's held-out half: pictures no
 * threshold was tuned on, exported as a marketplace would get them (JPEG at the preset's size).
 * docs/batches.md "Picture checks" has both halves' figures (`npm run bench -- picture-checks`).
 */
const preset: Preset = {
  name: 'all-picture-rules',
  label: 'every picture rule',
  width: 800,
  height: 800,
  format: 'jpeg',
  maxBytes: 3 * 1024 * 1024,
  rules: { whiteBackground: false, minFill: 0, margin: 0, noText: true, noBorder: true, oneProduct: true, contactShadow: false },
  source: 'test',
};
const RULES: Defect[] = ['text', 'border', 'objects'];
const flagged = (checks: Array<{ rule: string; ok: boolean }>) =>
  checks.filter((c) => !c.ok && (RULES as string[]).includes(c.rule)).map((c) => c.rule as Defect);

describe('picture checks on the held-out half of the seeded set', () => {
  it('finds every overlay, frame, band and second product, and flags no clean picture', async () => {
    const held = pictureSet().filter((p) => p.split === 'held');
    const defective = held.filter((p) => p.defect);
    const clean = held.filter((p) => !p.defect);
    // At least 40 pictures in all, half of them clean (the other half, `tune`, is the same size).
    expect(held.length * 2).toBeGreaterThanOrEqual(40);
    expect(clean.length).toBe(defective.length);
    const misses: string[] = [];
    const falseAlarms: string[] = [];
    for (const picture of held) {
      const { checks } = await exportAndCheck(await picture.draw(), preset);
      const rules = flagged(checks);
      if (picture.defect && !rules.includes(picture.defect)) misses.push(`${picture.id} ${picture.kind}`);
      // A defective picture flagged for another rule as well is a false alarm of that rule.
      for (const rule of rules) if (rule !== picture.defect) falseAlarms.push(`${picture.id} ${picture.kind}: ${rule}`);
    }
    const recall = 1 - misses.length / defective.length;
    // False alarms: of each rule's chances to be wrong (every picture without that defect).
    const chances = RULES.reduce((n, rule) => n + held.filter((p) => p.defect !== rule).length, 0);
    expect({ recall: recall >= 0.98, misses }).toEqual({ recall: true, misses: [] });
    expect({ falseAlarms: falseAlarms.length / chances <= 0.02, list: falseAlarms }).toEqual({ falseAlarms: true, list: [] });
  });

  it('a frame is cut off by the fix and the picture then passes', async () => {
    const product = await sharp({ create: { width: 500, height: 420, channels: 3, background: '#a3241c' } })
      .png()
      .toBuffer();
    const framed = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ffffff' } })
      .composite([
        { input: product, left: 150, top: 190 },
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect x="12" y="12" width="776" height="776" fill="none" stroke="#1a3fb8" stroke-width="24"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const { checks, fixes } = await exportAndCheck(framed, preset);
    expect(checks.find((c) => c.rule === 'border')).toMatchObject({ ok: false, detail: expect.stringMatching(/^frame: top 3%/) });
    expect(fixes).toEqual(['unframe']);
    const fixed = (await fixFor(framed, preset)) as Buffer;
    const m = await measure(fixed);
    expect(flagged(checksOf(m, preset))).toEqual([]);
    expect(fixesFor(checksOf(m, preset), m)).toEqual([]);
    expect(await sharp(fixed).metadata()).toMatchObject({ width: 800, height: 800, format: 'jpeg' });
  });

  it('a scene letterboxed on white fills the frame after the fix', async () => {
    // Gaussian noise (mean 110, sigma 60) from a seeded generator: sharp's own noise draws anew on every run, and
    // about one draw in 60 blurred into a shape the text check flags (1 of 60 measured; a clean-clone run of session 21).
    const random = rng(44);
    const noise = Buffer.alloc(800 * 560 * 3);
    for (let i = 0; i < noise.length; i++) {
      const gauss = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      noise[i] = Math.max(0, Math.min(255, Math.round(110 + 60 * gauss)));
    }
    const scene = await sharp(noise, { raw: { width: 800, height: 560, channels: 3 } })
      // Soft light and shade, like a room behind a product (raw noise is no photograph).
      .blur(6)
      .png()
      .toBuffer();
    const { checks, fixes } = await exportAndCheck(scene, preset);
    // Fitted into the square frame, it gets white bands above and below: padding a marketplace rejects.
    expect(checks.find((c) => c.rule === 'border')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^padding: top 15%, bottom 15%/),
    });
    expect(fixes).toEqual(['unframe']);
    const fixed = (await fixFor(scene, preset)) as Buffer;
    expect(flagged(checksOf(await measure(fixed), preset))).toEqual([]);
  });
});
