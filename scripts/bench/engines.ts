import { GEN_MODES, OUTPUT_MAX_SIDE, productReplaceParams, QR_SHAPES } from '@productimage/core';
import QRCode from 'qrcode';
import { outputSize, renderVariant } from '../../packages/server/src/engines/local/backgrounds.ts';
import { cutoutRgba } from '../../packages/server/src/engines/local/cutout.ts';
import { pictureSimilarity, placedSubjectDeltaE } from '../../packages/server/src/engines/local/image-metrics.ts';
import { alphaBounds, alphaOf, cropRgba, type Rgba } from '../../packages/server/src/engines/local/imaging.ts';
import { renderQrArt } from '../../packages/server/src/engines/local/qr-art.ts';
import {
  decodeWith,
  type QrDecoder,
  type ScanCondition,
  underCondition,
  zbarimgPath,
} from '../../packages/server/src/engines/local/qr-decode.ts';
import { referenceImage } from '../../packages/server/src/engines/local/scenes.ts';
import { segmentationSession } from '../../packages/server/src/engines/local/segmenter.ts';
import {
  GARMENT_COLOURS,
  garmentPhoto,
  productPhoto,
  QR_PICTURE_KINDS,
  qrTestPicture,
} from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';

/**
 * Quality and speed of the local engines (docs/engines.md "Measured figures", issue 14): cutout at
 * 1024 and 3000 px sources, background per output (colour and references, 1024 and 2048 px), QR
 * art per code with its recognisability (SSIM of luminance at 32 px against the picture) and scan
 * rate on three decoders (jsQR, ZXing, zbar) at full size, 360 px and 360 px JPEG q60, and the
 * colour difference (mean CIEDE2000) of garments under background reproduction. Printed as tables.
 * `BENCH_QUICK=1` uses 2 pictures per QR kind instead of 5. `BENCH_PARTS=backgrounds,qr` runs only
 * those parts (cutout, backgrounds (with the colour difference), qr).
 */
const quick = process.env.BENCH_QUICK === '1';
const signal = new AbortController().signal;
const seconds = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await fn();
  return [value, (performance.now() - started) / 1000];
};
const fixed = (v: number, digits = 2) => v.toFixed(digits);

async function cutouts() {
  await segmentationSession();
  const rows: Array<Record<string, string>> = [];
  for (const [w, h] of [
    [1024, 1024],
    [3000, 3000],
  ] as const) {
    const times: number[] = [];
    let size = '';
    for (let run = 0; run < 2; run++) {
      const photo = await productPhoto(w, h, 'jpeg', 500 + run + w);
      const [cut, s] = await seconds(() => cutoutRgba(photo, signal, OUTPUT_MAX_SIDE, false));
      times.push(s);
      size = `${cut.width}x${cut.height}`;
    }
    rows.push({ step: `cutout, ${w}x${h} source (model + guided upsampling)`, output: size, seconds: fixed(Math.min(...times)) });
  }
  console.log('\nCutout (best of 2, no mask cache)');
  console.table(rows);
}

async function backgrounds(): Promise<Map<string, Rgba>> {
  const subjects = new Map<string, Rgba>();
  for (const colour of Object.keys(GARMENT_COLOURS) as Array<keyof typeof GARMENT_COLOURS>) {
    const cut = await cutoutRgba(await garmentPhoto(colour), signal);
    subjects.set(colour, cropRgba(cut, alphaBounds(alphaOf(cut), cut.width, cut.height)!));
  }
  const rows: Array<Record<string, string>> = [];
  const subject = subjects.get('navy')!;
  for (const side of [1024, 2048]) {
    for (const [label, input] of [
      ['colour #F2F3F5', { backgroundColor: '#F2F3F5' }],
      ['reference marble (reflection)', { reference: 'marble' }],
      ['desert, ACCURATE_REPLICATION', { reference: 'desert', mode: 'ACCURATE_REPLICATION' }],
      ['desert, STYLE_IMITATION', { reference: 'desert', mode: 'STYLE_IMITATION' }],
    ] as const) {
      const params = productReplaceParams.parse({ ...input, ratio: '1:1', size: Math.min(side, 2000) });
      const picture = 'reference' in input ? await referenceImage(input.reference) : null;
      await renderVariant({ subject, picture, params, width: side, height: side, variant: 0 }); // warm the scene
      const [, s] = await seconds(() => renderVariant({ subject, picture, params, width: side, height: side, variant: 0 }));
      rows.push({ output: `${side}x${side}`, background: label, 'seconds per output': fixed(s) });
    }
  }
  console.log('\nBackground per output (mask cached; the cutout above is extra on a new photo)');
  console.table(rows);
  const [w, h] = outputSize('original', 1024, 3000, 2400);
  console.log(`output size for a 3000x2400 upload, ratio original: ${w}x${h}`);
  return subjects;
}

async function colourDifference(subjects: Map<string, Rgba>) {
  const rows: Array<Record<string, string>> = [];
  for (const [colour, subject] of subjects) {
    for (const mode of GEN_MODES) {
      const values: number[] = [];
      for (const reference of ['stone', 'mountain', 'flower', 'desert', 'studio', 'marble'] as const) {
        const params = productReplaceParams.parse({ reference, mode, ratio: '1:1' });
        const out = await renderVariant({
          subject,
          picture: await referenceImage(reference),
          params,
          width: 1024,
          height: 1024,
          variant: 0,
        });
        values.push(await placedSubjectDeltaE(out.buffer, out.placed));
      }
      rows.push({
        garment: `${colour} ${GARMENT_COLOURS[colour as keyof typeof GARMENT_COLOURS]}`,
        mode,
        'mean dE2000 (6 references)': fixed(values.reduce((a, b) => a + b, 0) / values.length),
        'worst reference': fixed(Math.max(...values)),
        limit: '2',
      });
    }
  }
  console.log('\nColour difference of the garment, before and after (S-CIELAB 3x3, CIEDE2000)');
  console.table(rows);
}

async function qrArt() {
  const decoders: QrDecoder[] = zbarimgPath() ? ['jsqr', 'zxing', 'zbar'] : ['jsqr', 'zxing'];
  const conditions: ScanCondition[] = ['full', 'small', 'jpeg'];
  const perKind = quick ? 2 : 5;
  const reads = new Map<string, [number, number]>();
  const perCode: number[] = [];
  const similarity: number[] = [];
  const drawn = new Map<string, number>();
  for (const kind of QR_PICTURE_KINDS) {
    for (let seed = 1; seed <= perKind; seed++) {
      const picture = await qrTestPicture(kind, seed);
      for (let variant = 0; variant < 4; variant++) {
        const content = `https://shop.example/bench/${kind}-${seed}-${variant}`;
        const shape = QR_SHAPES[(seed + variant) % 4]!;
        const [art, s] = await seconds(() => renderQrArt({ content, scene: picture, shape, strength: 33, variant }));
        perCode.push(s);
        similarity.push(await pictureSimilarity(art.png, art.picture));
        const key = art.drawnAt === 'plain' ? 'plain code' : `strength ${art.drawnAt}`;
        drawn.set(key, (drawn.get(key) ?? 0) + 1);
        for (const condition of conditions) {
          const seen = await underCondition(art.png, condition);
          for (const decoder of decoders) {
            const k = `${decoder} ${condition}`;
            const [ok, all] = reads.get(k) ?? [0, 0];
            reads.set(k, [ok + ((await decodeWith(decoder, seen)) === content ? 1 : 0), all + 1]);
          }
        }
      }
    }
  }
  const sorted = [...perCode].sort((a, b) => a - b);
  const plain = await QRCode.toBuffer('https://shop.example/bench/busy-1-0', { errorCorrectionLevel: 'H', width: 1024 });
  console.log(`\nQR art: ${perCode.length} codes (${perKind} pictures each of ${QR_PICTURE_KINDS.join(', ')}; 4 variants)`);
  console.table([
    {
      'seconds per code (median)': fixed(sorted[Math.floor(sorted.length / 2)]!),
      'seconds per code (max)': fixed(sorted.at(-1)!),
      'SSIM art vs picture (mean)': fixed(similarity.reduce((a, b) => a + b, 0) / similarity.length, 3),
      'SSIM plain code vs picture': fixed(await pictureSimilarity(plain, await qrTestPicture('busy', 1)), 3),
    },
  ]);
  console.table([...drawn].map(([drawnAt, n]) => ({ 'drawn at': drawnAt, codes: n })));
  console.table(
    [...reads].map(([k, [ok, all]]) => ({
      'decoder, condition': k,
      'scan rate': `${((ok / all) * 100).toFixed(1)} % (${ok}/${all})`,
    })),
  );
}

const parts = new Set((process.env.BENCH_PARTS ?? 'cutout,backgrounds,qr').split(','));
if (parts.has('cutout')) await cutouts();
if (parts.has('backgrounds')) await colourDifference(await backgrounds());
if (parts.has('qr')) await qrArt();
