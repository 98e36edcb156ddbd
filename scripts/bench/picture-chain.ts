import { mattingParams, posterParams, productReplaceParams, videoParams } from '../../packages/core/src/index.ts';
import { runBackgrounds } from '../../packages/server/src/engines/local/backgrounds.ts';
import { runCutout } from '../../packages/server/src/engines/local/cutout.ts';
import { segmentationSession } from '../../packages/server/src/engines/local/segmenter.ts';
import { busyRoomPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { runVideo } from '../../packages/server/src/engines/local/video.ts';
import { warmFonts } from '../../packages/server/src/engines/poster/fonts.ts';
import { renderPoster } from '../../packages/server/src/engines/poster/render.ts';
import type { EngineJob } from '../../packages/server/src/engines/types.ts';

/**
 * The picture chain a merchant runs every day (issue 30), wall time per step on the busy-room photo
 * (a blue shirt on a hanger among shelves and plants): cutout (main subject: two looks of the model),
 * product background on white (the cutout's own alpha, no second cut), poster with the result,
 * 2.5 s video (24 fps) from it, and the 2.5D parallax video. The model is loaded before timing.
 */
const signal = new AbortController().signal;
const job = <P>(bizType: string, params: P, inputs: Buffer[]) =>
  ({
    taskId: 'bench',
    bizType,
    params,
    inputs: inputs.map((buffer) => ({ buffer, contentType: 'image/png' })),
    signal,
    progress: () => undefined,
  }) as EngineJob<P>;

await segmentationSession();
warmFonts();
const { photo } = await busyRoomPhoto();
const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  const out = await run();
  console.log(`picture chain: ${name} ${((performance.now() - t) / 1000).toFixed(2)} s`);
  return out;
};
const [cut] = await step('cutout (main subject)', () => runCutout(job('MATTING_IMAGE', mattingParams.parse({}), [photo])));
const [bg] = await step('product background 2048 px', () =>
  runBackgrounds(job('PRODUCT_REPLACE_IMAGE', productReplaceParams.parse({ backgroundColor: '#FFFFFF' }), [cut!.buffer])),
);
await step('poster 3:4 with the product', () =>
  renderPoster(
    posterParams.parse({ title: '蓝色衬衫 限时到手价￥199', subtitle: '纯棉 透气', body: '', ratio: '3:4', layouts: 1 }),
    'classic',
    { product: cut!.buffer },
  ),
);
await step('video 2.5 s, 24 fps', () => runVideo(job('IMG_2_VEDIO', videoParams.parse({}), [bg!.buffer])));
await step('video 2.5D parallax', () => runVideo(job('IMG_2_VEDIO', videoParams.parse({ type: '3' }), [photo])));
