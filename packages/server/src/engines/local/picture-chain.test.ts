import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mattingParams, posterParams, productReplaceParams, videoParams } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegToEnd } from '../../platform/sandbox/ffmpeg.ts';
import { renderPoster } from '../poster/render.ts';
import type { EngineJob } from '../types.ts';
import { runBackgrounds } from './backgrounds.ts';
import { runCutout, subjectCut } from './cutout.ts';
import { releaseSegmentationSession, segmentationSession } from './segmenter.ts';
import { busyRoomPhoto } from './test-fixtures.test-support.ts';
import { runVideo } from './video.ts';

/**
 * The picture chain on a merchant's everyday photo (issue 30): a blue shirt on a hanger in a busy
 * room. The cutout keeps the shirt (not the plants beside it), offers the plants as choices, and
 * the background tool uses the cutout's own alpha, so nothing of the room comes back.
 */
const signal = new AbortController().signal;
const job = <P>(bizType: string, params: P, inputs: Buffer[]) =>
  ({
    taskId: 't',
    bizType,
    params,
    inputs: inputs.map((buffer) => ({ buffer, contentType: 'image/png' })),
    signal,
    progress: () => undefined,
  }) as EngineJob<P>;

let room: { photo: Buffer; mask: Buffer };
let cutPng: Buffer;

beforeAll(async () => {
  await segmentationSession();
  room = await busyRoomPhoto();
  cutPng = (await runCutout(job('MATTING_IMAGE', mattingParams.parse({}), [room.photo])))[0]!.buffer;
  // Two looks of the model on 2 shared cores.
}, 300_000);
afterAll(() => releaseSegmentationSession());

/** Intersection over union of the cut's alpha (>= 128) with the shirt's mask. */
async function iou(png: Buffer, mask: Buffer): Promise<number> {
  const alpha = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();
  let inter = 0;
  let union = 0;
  for (let i = 0; i < mask.length; i++) {
    const a = alpha[i]! >= 128;
    const b = mask[i]! >= 128;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return inter / union;
}

/** Pixels with a colour of the room (leaves, wooden floor, shelf and pots, the purple ball): never in the shirt. */
async function roomPixels(picture: Buffer): Promise<number> {
  const { data } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    const leaf = g > r + 25 && g > b + 15;
    const wood = r > b + 45 && r > g + 12;
    const purple = r > g + 40 && b > g + 40;
    if (leaf || wood || purple) count++;
  }
  return count;
}

describe('the picture chain on a busy room', () => {
  it('cuts out the shirt and its hanger only, and offers each plant as a choice', async () => {
    expect(await iou(cutPng, room.mask)).toBeGreaterThanOrEqual(0.9);
    const { others, cut } = await subjectCut(room.photo, signal);
    expect(others.length).toBeGreaterThanOrEqual(2);
    // Both plants stand in the lower left and lower right of the room.
    const left = others.find((o) => o.point[0] < 0.3 && o.point[1] > 0.5);
    const right = others.find((o) => o.point[0] > 0.7 && o.point[1] > 0.5);
    expect(left && right).toBeTruthy();
    // One click brings a plant back, the other stays out.
    const withPlant = await subjectCut(room.photo, signal, undefined, { keep: [left!.point] });
    const alphaAt = (c: { width: number; data: Buffer }, [x, y]: [number, number]) =>
      c.data[(Math.floor(y * cut.height) * c.width + Math.floor(x * c.width)) * 4 + 3]!;
    expect(alphaAt(cut, left!.point)).toBe(0);
    expect(alphaAt(withPlant.cut, left!.point)).toBeGreaterThan(128);
    expect(alphaAt(withPlant.cut, right!.point)).toBe(0);
    // Kept now, it is listed as kept (one click takes it out again: `drop`).
    expect(withPlant.others.filter((o) => !o.kept).map((o) => o.point)).not.toContainEqual(left!.point);
    expect(withPlant.others.some((o) => o.kept && o.point[0] === left!.point[0] && o.point[1] === left!.point[1])).toBe(true);
  }, 120_000);

  it('cutout -> product background (2048 px) -> poster -> video: no pixel of the room comes back', async () => {
    expect(await roomPixels(room.photo)).toBeGreaterThan(50_000);
    const params = productReplaceParams.parse({ backgroundColor: '#FFFFFF', shadow: false });
    const [out] = await runBackgrounds(job('PRODUCT_REPLACE_IMAGE', params, [cutPng]));
    expect(await roomPixels(out!.buffer)).toBe(0);
    // The photo itself, sent straight to the background tool, is cut to the shirt the same way.
    const [direct] = await runBackgrounds(job('PRODUCT_REPLACE_IMAGE', params, [room.photo]));
    expect(await roomPixels(direct!.buffer)).toBe(0);
    // 2K is real: the engine rendered the picture at 2048 px on its long side.
    const meta = await sharp(out!.buffer).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(2048);
    // -> poster with the cutout as its product: still nothing of the room.
    const poster = await renderPoster(posterParams.parse({ title: '蓝色衬衫 到手价￥199', layouts: 1 }), 'classic', {
      product: cutPng,
    });
    expect(await roomPixels(poster.png)).toBe(0);
    // -> a 1 s 2.5D parallax video of the poster (the subject layer cut again, the hole behind it
    // filled): no frame shows the room either (every sixth frame decoded, 24 fps).
    const [video] = await runVideo(
      job('IMG_2_VEDIO', videoParams.parse({ type: '3', genNum: 1, duration: 1, resolutionRatio: '480p' }), [poster.png]),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-video-'));
    try {
      fs.writeFileSync(path.join(dir, 'v.mp4'), video!.buffer);
      await ffmpegToEnd([
        '-y',
        '-i',
        path.join(dir, 'v.mp4'),
        '-vf',
        'select=not(mod(n\\,6))',
        '-vsync',
        '0',
        path.join(dir, 'f%02d.png'),
      ]);
      const frames = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
      expect(frames.length).toBeGreaterThanOrEqual(4);
      for (const f of frames) expect(await roomPixels(fs.readFileSync(path.join(dir, f))), f).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
