import { QR_SHAPES } from '@productimage/core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { pictureSimilarity } from './image-metrics.ts';
import { type QrArtResult, renderQrArt } from './qr-art.ts';
import { decodeWith, type QrDecoder, type ScanCondition, underCondition } from './qr-decode.ts';
import { type QrPictureKind, qrTestPicture } from './test-fixtures.test-support.ts';

/**
 * The QR art sweep shared by qr-art.test.ts (a few pictures: the proof in every run) and
 * scripts/bench/qr-art.ts (`npm run bench -- qr`: 40 pictures x 4 variants, the full figures).
 * Every output is read by three independent decoders (jsQR, ZXing, zbar) as delivered, shrunk to
 * 360 px and as a 360 px JPEG of quality 60.
 */
export const QR_DECODERS: QrDecoder[] = ['jsqr', 'zxing', 'zbar'];
export const QR_CONDITIONS: ScanCondition[] = ['full', 'small', 'jpeg'];

/** One picture to render: its kind and seed, and the variants to draw of it. */
export interface QrSweepPicture {
  kind: QrPictureKind;
  seed: number;
  variants: number[];
}

export interface QrSweepResult {
  outputs: number;
  /** `kind seed vN condition decoder` for every read that did not give the content back. */
  failures: string[];
  /** pictureSimilarity(art, the picture as framed) of every output. */
  similarity: number[];
  /** Mean absolute pixel difference (0 to 255, at 256 px) of every pair of variants of one picture. */
  variantsDiffer: number[];
  /** pictureSimilarity of a plain code of the same kind of content to the first busy picture. */
  plainSimilarity: number;
  /** Milliseconds per render (renderQrArt, with its own verification) and per 9 reads. */
  renderMs: number[];
  readMs: number[];
}

export async function sweepQrArt(pictures: QrSweepPicture[]): Promise<QrSweepResult> {
  const result: QrSweepResult = {
    outputs: 0,
    failures: [],
    similarity: [],
    variantsDiffer: [],
    plainSimilarity: 0,
    renderMs: [],
    readMs: [],
  };
  for (const { kind, seed, variants } of pictures) {
    const picture = await qrTestPicture(kind, seed);
    const results: QrArtResult[] = [];
    for (const variant of variants) {
      const content = `https://shop.example/p/${kind}-${seed}?v=${variant}`;
      const shape = QR_SHAPES[(seed + variant) % QR_SHAPES.length]!;
      let t = performance.now();
      const art = await renderQrArt({ content, scene: picture, shape, strength: 33, variant });
      result.renderMs.push(performance.now() - t);
      results.push(art);
      result.outputs++;
      result.similarity.push(await pictureSimilarity(art.png, art.picture));
      t = performance.now();
      for (const condition of QR_CONDITIONS) {
        const seen = await underCondition(art.png, condition);
        for (const decoder of QR_DECODERS)
          if ((await decodeWith(decoder, seen)) !== content)
            result.failures.push(`${kind} ${seed} v${variant} ${condition} ${decoder}`);
      }
      result.readMs.push(performance.now() - t);
    }
    // The variants of one picture differ visibly: mean absolute difference of their pixels.
    const raws = await Promise.all(results.map((r) => sharp(r.png).resize(256, 256).raw().toBuffer()));
    for (let a = 0; a < raws.length; a++)
      for (let b = a + 1; b < raws.length; b++) {
        let d = 0;
        for (let i = 0; i < raws[a]!.length; i++) d += Math.abs(raws[a]![i]! - raws[b]![i]!);
        result.variantsDiffer.push(d / raws[a]!.length);
      }
  }
  const plain = await QRCode.toBuffer('https://shop.example/p/busy-1?v=0', { errorCorrectionLevel: 'H', width: 1024 });
  result.plainSimilarity = await pictureSimilarity(plain, await qrTestPicture('busy', 1));
  return result;
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
