import { OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import type { Engine, EngineResult } from '../types.ts';
import { subjectCut } from './cutout.ts';
import { ownAlpha } from './own-alpha.ts';

const THUMB = 96;

/** One region a cut would leave out beside the main subject (POST /api/upload/regions). */
export interface FoundRegion {
  point: [number, number];
  /** Whether the cut keeps it with the main subject (send `point` in `drop` to take it out) or leaves it out (`keep`). */
  kept: boolean;
  box: [number, number, number, number];
  share: number;
  thumbnail: string;
}

/**
 * The regions of one picture (issue 30) as a pooled job: segmentation is a cutout's worth of CPU,
 * so it runs in the engine pool's low-priority thread (app/… offLoop), never on the event loop
 * that answers HTTP: computed in the API process it held a reload's static files for tens of seconds.
 * `run` answers `{ data: { regions } }`; an already cut picture has none.
 */
export function createRegionFinder(): Engine<EngineResult> {
  return {
    name: 'regions',
    bizTypes: [],
    async run(job) {
      const input = job.inputs[0]?.buffer;
      if (!input || (await ownAlpha(input, OUTPUT_MAX_SIDE))) return { data: { regions: [] } };
      const { cut, others } = await subjectCut(input, job.signal);
      const regions: FoundRegion[] = await Promise.all(
        others.map(async (o) => {
          const rgba = Buffer.from(cut.data);
          for (let i = 0; i < o.alpha.length; i++) rgba[i * 4 + 3] = o.alpha[i]!;
          const png = await sharp(rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
            .extract(o.box)
            .resize(THUMB, THUMB, { fit: 'inside' })
            .png()
            .toBuffer();
          return {
            point: o.point,
            kept: o.kept,
            box: [o.box.left / cut.width, o.box.top / cut.height, o.box.width / cut.width, o.box.height / cut.height],
            share: o.share,
            thumbnail: `data:image/png;base64,${png.toString('base64')}`,
          };
        }),
      );
      return { data: { regions } };
    },
  };
}
