import type { MattingParams, ProductReplaceParams, QrArtParams, VideoParams } from '@productimage/core';
import type { Engine, EngineJob } from '../types.ts';

/**
 * The built-in engine: every business type that real algorithms can produce on this CPU
 * (docs/engines.md). Parameters arrive already parsed by core's schemas (tasks/params.ts). The
 * algorithms load on first use, so processes that never generate never load onnxruntime or the
 * model; the segmentation session belongs to the process, not to an engine instance, and stays warm
 * for the process's life however many contexts come and go.
 */
export function createLocalEngine(): Engine {
  return {
    name: 'local',
    bizTypes: ['MATTING_IMAGE', 'PRODUCT_REPLACE_IMAGE', 'QR_CODE_ART', 'IMG_2_VEDIO'],
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
    async warm() {
      await (await import('./segmenter.ts')).segmentationSession();
    },
  };
}
