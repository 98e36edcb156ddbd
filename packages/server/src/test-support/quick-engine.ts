import { subjectCount } from '@productimage/core';
import sharp from 'sharp';
import { checkAborted, type Engine, type EngineJob, type EngineOutput } from '../engines/types.ts';
import type { AppContext } from '../platform/context.ts';

/**
 * A test double for the local engine's pixel work, for suites about what happens around a task
 * (charging, events, stop, refunds, workers, history, downloads) that need a task output, not a real
 * cutout: a cutout costs a segmentation model run (seconds a picture on this machine), a background
 * two 2048 px renders, a video a ffmpeg encode. Only `run` is replaced; routing, `validate` (the
 * empty mask), the tools' pictures and `rendersLarger` stay the real engine's. The real pictures are
 * proven in the engine's own files (engines/local/*.test.ts) and the browser journeys.
 *
 * It answers what the task bought (core's contract): one cutout at the input's size with a
 * transparent border and an opaque middle, genNum backgrounds for every subject, topN QR pictures at
 * 1024 px (one at `render.longSide` for a 2K download), genNum videos; progress 50 then 100, and it
 * stops when the task's signal aborts.
 */
export function quickLocalEngine(ctx: AppContext): { runs: () => number } {
  const engine = ctx.tasks.engines.byName('local') as Engine;
  let runs = 0;
  engine.run = async (job: EngineJob) => {
    runs++;
    checkAborted(job.signal);
    job.progress(50);
    const files = await quickOutputs(job);
    checkAborted(job.signal);
    job.progress(100);
    return files;
  };
  return { runs: () => runs };
}

async function quickOutputs(job: EngineJob): Promise<EngineOutput[]> {
  const p = job.params as Record<string, unknown>;
  const count = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : 1);
  switch (job.bizType) {
    case 'MATTING_IMAGE': {
      const meta = await sharp(job.inputs[0]!.buffer).metadata();
      return [await cutout(meta.width ?? 1024, meta.height ?? 1024)];
    }
    case 'PRODUCT_REPLACE_IMAGE': {
      const n = count('genNum') * Math.max(1, subjectCount(p, job.inputs.length));
      return Promise.all(Array.from({ length: n }, (_, i) => picture(256, 256, 'jpeg', i)));
    }
    case 'QR_CODE_ART': {
      if (job.render) return [await picture(job.render.longSide, job.render.longSide, 'png', job.render.index)];
      return Promise.all(Array.from({ length: count('topN') }, (_, i) => picture(1024, 1024, 'png', i)));
    }
    case 'IMG_2_VEDIO':
      return Array.from({ length: count('genNum') }, (_, i) => {
        const gif = p.format === 'gif';
        return {
          buffer: Buffer.from(`quick video ${i}`),
          contentType: gif ? 'image/gif' : 'video/mp4',
          type: 'video' as const,
          ext: gif ? 'gif' : 'mp4',
        };
      });
    default:
      throw new Error(`the quick local engine does not make ${job.bizType}`);
  }
}

/** A plain picture; `shade` makes each output of a task a different file. */
async function picture(width: number, height: number, format: 'png' | 'jpeg', shade: number): Promise<EngineOutput> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60 + shade * 40, b: 60 } } })
    .toFormat(format)
    .toBuffer();
  return { buffer, contentType: `image/${format}`, type: 'image', ext: format === 'jpeg' ? 'jpg' : 'png' };
}

/** A transparent picture with an opaque subject filling its middle half. */
async function cutout(width: number, height: number): Promise<EngineOutput> {
  const subject = await sharp({
    create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 4, background: '#c03030ff' },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: subject, left: Math.round(width / 4), top: Math.round(height / 4) }])
    .png()
    .toBuffer();
  return { buffer, contentType: 'image/png', type: 'image', ext: 'png' };
}
