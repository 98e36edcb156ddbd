import type { MattingParams, ProductReplaceParams, QrArtParams, VideoParams } from '@productimage/core';
import { type Engine, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';

/**
 * The built-in engine: every business type that real algorithms can produce on this CPU
 * (docs/engines.md). Parameters arrive already parsed by core's schemas (tasks/params.ts). The
 * algorithms load on first use, so processes that never generate never load onnxruntime or the
 * model; the segmentation session belongs to the process, not to an engine instance, and stays warm
 * for the process's life however many contexts come and go.
 */
export function createLocalEngine(): Engine<EngineOutput[]> {
  return {
    name: 'local',
    bizTypes: ['MATTING_IMAGE', 'PRODUCT_REPLACE_IMAGE', 'QR_CODE_ART', 'IMG_2_VEDIO'],
    // QR art is delivered at 1024 px and drawn again at 2048 for a 2K download (qr-art.ts HD_SIZE).
    rendersLarger: ['QR_CODE_ART'],
    // A product on a colour is drawn to a preset's frame from its cut (preset-frame.ts); its cut-out
    // alone is framed after the run like any engine's picture (studio/tasks/preset-framing.ts).
    framesToPreset: ['PRODUCT_REPLACE_IMAGE'],
    async run(job) {
      switch (job.bizType) {
        case 'MATTING_IMAGE':
          return (await import('./cutout.ts')).runCutout(job as EngineJob<MattingParams>);
        case 'PRODUCT_REPLACE_IMAGE':
          return (await import('./backgrounds.ts')).runBackgrounds(job as EngineJob<ProductReplaceParams>);
        case 'QR_CODE_ART':
          return (await import('./qr-art.ts')).runQrArt(job as EngineJob<QrArtParams>);
        case 'IMG_2_VEDIO':
          return (await import('./video.ts')).runVideo(job as EngineJob<VideoParams>);
        default:
          throw new Error(`the local engine does not make ${job.bizType}`);
      }
    },
    async validate(bizType, params, context) {
      // A refinement mask without a stroke is refused before charging (`Mask Cannot Be Empty`);
      // strokes that change nothing in the cutout being refined are refused too (`maskNoChange`).
      if (bizType === 'MATTING_IMAGE' && typeof params.mask === 'string') {
        const { maskIsEmpty, strokesChangeCutout } = await import('./cutout.ts');
        if (await maskIsEmpty(params.mask)) throw new EngineInputError('mask is empty', 'maskEmpty');
        if (context?.previous && !(await strokesChangeCutout(params.mask, context.previous)))
          throw new EngineInputError('strokes change nothing', 'maskNoChange');
      }
    },
    async picture(kind, id) {
      const scenes = await import('./scenes.ts');
      if (kind === 'reference') return scenes.referenceImage(id as Parameters<typeof scenes.referenceImage>[0]);
      if (kind === 'qr') return scenes.qrSceneImage(id as Parameters<typeof scenes.qrSceneImage>[0]);
      return null;
    },
    async warm() {
      await (await import('./segmenter.ts')).segmentationSession();
    },
  };
}
