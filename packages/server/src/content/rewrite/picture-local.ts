import { HOT_PIC_REWRITE, pictureRewriteParams } from '@productimage/core';
import { type Engine, EngineInputError } from '../../engines/types.ts';

/**
 * `rewrite-picture-local` (HOT_PIC_REWRITE without an images API): the local engine's subject swap
 * (engines/local/swap-subject.ts), run in the engine pool like `local` (src/engine-catalogue.ts).
 * The original picture's subject is taken out and the hole filled from around it; the user's product,
 * cut out, takes its place at its size and on its floor, relit, with a contact shadow (issue 44: the
 * product used to be pasted over the original, and the old subject showed around it). Each run picks
 * one of four sizes and one of the two modes (the picture as it is, or re-painted), so the items of
 * a batch and a regenerated item differ. It needs the product picture: a rewrite without one is
 * refused before charging (`rewritePictureNeedsProduct`).
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
      const { rewritePicture } = await import('../../engines/local/swap-subject.ts');
      return rewritePicture({
        original: original.buffer,
        product: product.buffer,
        ratio: p.ratio,
        mode: Math.random() < 0.5 ? 'ACCURATE_REPLICATION' : 'STYLE_IMITATION',
        variant: Math.floor(Math.random() * PLACEMENTS),
        signal: job.signal,
        progress: job.progress,
      });
    },
  };
}
