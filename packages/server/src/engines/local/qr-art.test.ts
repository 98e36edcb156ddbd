import { QR_SHAPES } from '@productimage/core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureSimilarity } from './image-metrics.ts';
import { type QrArtResult, renderQrArt } from './qr-art.ts';
import { decodeWith, type QrDecoder, type ScanCondition, underCondition, zbarimgPath } from './qr-decode.ts';
import { QR_PICTURE_KINDS, qrTestPicture } from './test-fixtures.ts';

/**
 * QR art on hard user pictures (busy, dark, light, noisy; 10 of each) in its four variants: every
 * output is read by three independent decoders (jsQR, ZXing, zbar) as delivered, shrunk to 360 px
 * and as a 360 px JPEG of quality 60. The scripts/test.sh setup installs zbar (zbar-tools).
 */
const DECODERS: QrDecoder[] = ['jsqr', 'zxing', 'zbar'];
const CONDITIONS: ScanCondition[] = ['full', 'small', 'jpeg'];
const PER_KIND = 10;

describe('QR art on user pictures', () => {
  it('has zbarimg installed (scripts/ensure-zbar.sh)', () => {
    expect(zbarimgPath()).not.toBeNull();
  });

  it(
    'scans 100 % with all three decoders, full size, 360 px and JPEG q60, across 40 pictures x 4 variants',
    async () => {
      const failures: string[] = [];
      let outputs = 0;
      const similarity: number[] = [];
      const variantsDiffer: number[] = [];
      for (const kind of QR_PICTURE_KINDS) {
        for (let seed = 1; seed <= PER_KIND; seed++) {
          const picture = await qrTestPicture(kind, seed);
          const results: QrArtResult[] = [];
          for (let variant = 0; variant < 4; variant++) {
            const content = `https://shop.example/p/${kind}-${seed}?v=${variant}`;
            const shape = QR_SHAPES[(seed + variant) % QR_SHAPES.length]!;
            const art = await renderQrArt({ content, scene: picture, shape, strength: 33, variant });
            results.push(art);
            outputs++;
            similarity.push(await pictureSimilarity(art.png, art.picture));
            for (const condition of CONDITIONS) {
              const seen = await underCondition(art.png, condition);
              for (const decoder of DECODERS)
                if ((await decodeWith(decoder, seen)) !== content)
                  failures.push(`${kind} ${seed} v${variant} ${condition} ${decoder}`);
            }
          }
          // The four variants differ visibly: mean absolute difference of their pixels.
          const raws = await Promise.all(results.map((r) => sharp(r.png).resize(256, 256).raw().toBuffer()));
          for (let a = 0; a < 4; a++)
            for (let b = a + 1; b < 4; b++) {
              let d = 0;
              for (let i = 0; i < raws[a]!.length; i++) d += Math.abs(raws[a]![i]! - raws[b]![i]!);
              variantsDiffer.push(d / raws[a]!.length);
            }
        }
      }
      expect(outputs).toBe(160);
      expect(failures).toEqual([]);
      // (Mean absolute difference of 256 px copies, 0 to 255: unrelated photos differ by 40 to 60.)
      expect(Math.min(...variantsDiffer)).toBeGreaterThan(8);
      expect(variantsDiffer.reduce((a, b) => a + b, 0) / variantsDiffer.length).toBeGreaterThan(20);
      // The picture stays recognisable: its luminance seen from a distance (SSIM at 32 px) is far
      // closer to the art than to a plain code of the same content.
      const plain = await QRCode.toBuffer('https://shop.example/p/busy-1?v=0', { errorCorrectionLevel: 'H', width: 1024 });
      const plainSimilarity = await pictureSimilarity(plain, await qrTestPicture('busy', 1));
      const mean = similarity.reduce((a, b) => a + b, 0) / similarity.length;
      expect(mean).toBeGreaterThan(plainSimilarity + 0.08);
    },
    40 * 60_000,
  );
});
