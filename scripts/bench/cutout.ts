import { spawnSync } from 'node:child_process';
import { OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import { cutoutRgba, encodeCutoutPng } from '../../packages/server/src/engines/local/cutout.ts';
import type { Rgba } from '../../packages/server/src/engines/local/imaging.ts';
import { SEGMENTATION_SESSION_OPTIONS, segmentationSession } from '../../packages/server/src/engines/local/segmenter.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';

/**
 * Cutout speed, PNG encoding and peak memory (issue 16, docs/performance.md "Cutout"). One child
 * process per onnxruntime setting (the product's; CPU arena on; memory patterns and arena on =
 * before issue 16), so each peak RSS is that setting's own: the child loads the model, cuts out one warm-up photo, then 2 photos
 * (fresh noise, no mask cache) at 1080 and 2048 px, prints ms per step, and its peak RSS (maxRSS).
 * The parent then compares PNG encodings of one 2048 px cutout: the product's encoder against the
 * encoder before issue 16 (zlib level 6, the photo's colours kept under transparent pixels).
 * `CUTOUT_RUNS=n` changes the runs per size, `CUTOUT_MODES=product,arena` picks the children.
 */
const signal = new AbortController().signal;
const runs = Number(process.env.CUTOUT_RUNS ?? 2);
const SIZES = [1080, 2048] as const;
const ms = (from: number) => performance.now() - from;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function child(mode: string) {
  if (mode !== 'product') SEGMENTATION_SESSION_OPTIONS.enableCpuMemArena = true;
  if (mode === 'mem-pattern') SEGMENTATION_SESSION_OPTIONS.enableMemPattern = true;
  await segmentationSession();
  await cutoutRgba(await productPhoto(1080, 1080, 'jpeg', 7), signal, OUTPUT_MAX_SIDE, false);
  const rows: Array<Record<string, string>> = [];
  for (const side of SIZES) {
    const cut: number[] = [];
    const enc: number[] = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const photo = await productPhoto(side, side, 'jpeg', 100 + run + side);
      let t = performance.now();
      const rgba = await cutoutRgba(photo, signal, OUTPUT_MAX_SIDE, false);
      cut.push(ms(t));
      t = performance.now();
      bytes = (await encodeCutoutPng(rgba)).length;
      enc.push(ms(t));
    }
    rows.push({
      size: `${side}x${side}`,
      'cutout ms (best)': Math.min(...cut).toFixed(0),
      'PNG encode ms (best)': Math.min(...enc).toFixed(0),
      'PNG KB': (bytes / 1024).toFixed(0),
    });
  }
  console.table(rows);
  console.log(`PEAK_RSS_KB=${process.resourceUsage().maxRSS}`);
}

/** The encoder before issue 16: colours under transparent pixels kept, zlib level 6. */
const encodeBefore = (img: Rgba) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();

async function encodings() {
  const rgba = await cutoutRgba(await productPhoto(2048, 2048, 'jpeg', 11), signal, OUTPUT_MAX_SIDE, false);
  const rows: Array<Record<string, string>> = [];
  for (const [name, encode] of [
    ['before (level 6, colours under transparency kept)', encodeBefore],
    ['product (encodeCutoutPng)', encodeCutoutPng],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      bytes = (await encode({ ...rgba, data: Buffer.from(rgba.data) })).length;
      times.push(ms(t));
    }
    rows.push({ encoder: name, 'ms (best of 3)': Math.min(...times).toFixed(0), KB: (bytes / 1024).toFixed(0) });
  }
  console.log('\nPNG encoding of one 2048x2048 cutout');
  console.table(rows);
}

if (process.env.CUTOUT_CHILD) {
  await child(process.env.CUTOUT_CHILD);
} else {
  const modes = [
    ['product', 'product (enableMemPattern: false, enableCpuMemArena: false)'],
    ['arena', 'arena on (enableMemPattern: false, enableCpuMemArena: true)'],
    ['mem-pattern', 'before issue 16 (enableMemPattern: true, enableCpuMemArena: true)'],
  ] as const;
  // CUTOUT_MODES=product,no-arena runs only those children.
  const only = process.env.CUTOUT_MODES?.split(',');
  for (const [mode, label] of modes.filter(([m]) => !only || only.includes(m))) {
    console.log(`\nCutout, ${label}, ${runs} runs per size after one warm-up`);
    const out = spawnSync(process.execPath, [...process.execArgv, import.meta.filename], {
      env: { ...process.env, CUTOUT_CHILD: mode },
      encoding: 'utf8',
    });
    process.stdout.write(out.stdout.replace(/PEAK_RSS_KB=(\d+)/, (_, kb) => `peak RSS: ${mb(Number(kb))}`));
    if (out.status !== 0) {
      process.stderr.write(out.stderr);
      process.exit(1);
    }
  }
  await encodings();
}
