import { describe, expect, it } from 'vitest';
import { mean, sweepQrArt } from './qr-art.test-support.ts';
import { zbarimgPath } from './qr-decode.ts';

/**
 * QR art on hard user pictures (busy, dark, light, noisy): every output is read by three independent
 * decoders (jsQR, ZXing, zbar) as delivered, shrunk to 360 px and as a 360 px JPEG of quality 60.
 * The scripts/test.sh setup installs zbar (zbar-tools).
 *
 * This is the proof every run makes: one busy picture in all four variants (styles photo, dither,
 * mosaic, duotone; four shapes) and one picture of each other kind, 7 outputs x 9 reads. The full
 * sweep (10 pictures of each kind x 4 variants = 160 outputs x 9 reads, about 10 minutes of one core)
 * is `npm run bench -- qr` (scripts/bench/qr-art.ts, docs/testing.md), which prints its figures and
 * fails on any unread code.
 */
describe('QR art on user pictures', () => {
  it('has zbarimg installed (scripts/ensure-zbar.sh)', () => {
    expect(zbarimgPath()).not.toBeNull();
  });

  it(
    'scans 100 % with all three decoders, full size, 360 px and JPEG q60: a busy picture in 4 variants, a dark, a light and a noisy one',
    async () => {
      const sweep = await sweepQrArt([
        { kind: 'busy', seed: 1, variants: [0, 1, 2, 3] },
        { kind: 'dark', seed: 2, variants: [1] },
        { kind: 'light', seed: 3, variants: [2] },
        { kind: 'noisy', seed: 4, variants: [3] },
      ]);
      expect(sweep.outputs).toBe(7);
      expect(sweep.failures).toEqual([]);
      // (Mean absolute difference of 256 px copies, 0 to 255: unrelated photos differ by 40 to 60.)
      expect(Math.min(...sweep.variantsDiffer)).toBeGreaterThan(8);
      expect(mean(sweep.variantsDiffer)).toBeGreaterThan(20);
      // The picture stays recognisable: its luminance seen from a distance (SSIM at 32 px) is far
      // closer to the art than to a plain code of the same content.
      expect(mean(sweep.similarity)).toBeGreaterThan(sweep.plainSimilarity + 0.08);
    },
    10 * 60_000,
  );
});
