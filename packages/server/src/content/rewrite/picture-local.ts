import { HOT_PIC_REWRITE, pictureRewriteParams, productReplaceParams } from '@productimage/core';
import { type Engine, EngineInputError } from '../../engines/types.ts';

/**
 * `rewrite-picture-local` (HOT_PIC_REWRITE without an images API): the local background engine's
 * background reproduction, run in the engine pool like `local` (src/engine-catalogue.ts). The user's
 * product is cut out and set into the original picture, its colour and light matched to it; each run
 * picks one of the engine's placements and its two modes (keep the original as it is, or re-paint it
 * softly), so the items of a batch and a regenerated item differ. It needs the product picture: a
 * rewrite without one is refused before charging (`rewritePictureNeedsProduct`).
 */
const PLACEMENTS = 4;

export function createLocalPictureRewriteEngine(): Engine {
  return {
    name: 'rewrite-picture-local',
    bizTypes: [HOT_PIC_REWRITE],
    async validate(_bizType, params) {
      if (!params.withProduct) throw new EngineInputError('no product picture', 'rewritePictureNeedsProduct');
    },
    async run(job) {
      const p = pictureRewriteParams.parse(job.params);
      const [original, product] = job.inputs;
      if (!original || !product || !p.withProduct) throw new EngineInputError('no product picture');
      const { runBackgrounds } = await import('../../engines/local/backgrounds.ts');
      const placement = Math.floor(Math.random() * PLACEMENTS);
      const mode = Math.random() < 0.5 ? 'ACCURATE_REPLICATION' : 'STYLE_IMITATION';
      // The subject first, the reference (the original picture) last; only the picked placement is rendered.
      return runBackgrounds(
        {
          ...job,
          bizType: 'PRODUCT_REPLACE_IMAGE',
          params: productReplaceParams.parse({ mode, ratio: p.ratio, genNum: placement + 1 }),
          inputs: [product, original],
        },
        [placement],
      );
    },
  };
}
