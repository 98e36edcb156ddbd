import { OUTPUT_MAX_SIDE, PLACARD_GEN, type PosterParams, posterParams } from '@productimage/core';
import { checkAborted, type Engine, EngineInputError, type EngineOutput } from '../types.ts';
import { warmFonts } from './fonts.ts';
import { layoutsFor, renderPoster } from './render.ts';

/**
 * `poster`-family local engine for PLACARD_GEN: one PNG per layout (docs/rewrite.md "Posters"). It
 * runs on the CPU, so the registry hands it to the engine pool (engines/pool.ts) like `local`.
 */
export function createPlacardEngine(): Engine<EngineOutput[]> {
  return {
    name: 'placard',
    bizTypes: [PLACARD_GEN],
    // Delivered 1080 px wide; a 2K download draws its poster again at 2048 px on the long side.
    rendersLarger: [PLACARD_GEN],
    async warm() {
      warmFonts();
    },
    async run(job) {
      const params: PosterParams = posterParams.parse(job.params);
      let next = 0;
      const product = params.product ? job.inputs[next++]?.buffer : undefined;
      const background = params.background.kind === 'image' ? job.inputs[next++]?.buffer : undefined;
      if ((params.product && !product) || (params.background.kind === 'image' && !background)) {
        throw new EngineInputError('poster input missing');
      }
      const outputs: EngineOutput[] = [];
      const all = layoutsFor(params.layouts);
      // A 2K download (job.render): only that output's layout, at 2048 px on the long side.
      const layouts = job.render ? all.slice(job.render.index, job.render.index + 1) : all;
      const longSide = job.render ? Math.max(OUTPUT_MAX_SIDE, job.render.longSide) : undefined;
      for (const [i, layout] of layouts.entries()) {
        checkAborted(job.signal);
        const poster = await renderPoster(params, layout, { product, background }, longSide, job.signal);
        outputs.push({ buffer: poster.png, contentType: 'image/png', type: 'image', ext: 'png' });
        job.progress(Math.round(((i + 1) / layouts.length) * 95));
      }
      return outputs;
    },
  };
}
