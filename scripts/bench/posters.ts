import { POSTER_RATIOS, posterParams } from '../../packages/core/src/index.ts';
import { warmFonts } from '../../packages/server/src/engines/poster/fonts.ts';
import { layoutsFor, renderPoster } from '../../packages/server/src/engines/poster/render.ts';

/**
 * Poster engine (PLACARD_GEN) throughput on one core: posters per minute for each ratio, every
 * layout in turn, with a long Chinese/English text and a colour background (no product picture).
 * POSTER_BENCH_COUNT posters per ratio (default 12).
 */
const COUNT = Number(process.env.POSTER_BENCH_COUNT ?? 12);
const body =
  '一抹化水，清透不黏腻。添加玻尿酸与积雪草精华，全天候锁水保湿。Limited offer: buy 2 get 1 free, while stocks last! '.repeat(3);

let t = performance.now();
warmFonts();
console.log(`posters: fonts loaded in ${Math.round(performance.now() - t)} ms`);
for (const ratio of POSTER_RATIOS) {
  const params = posterParams.parse({
    title: '夏日清爽补水面霜，限时尝鲜价',
    subtitle: 'Hydra Boost 敏感肌也能放心用',
    body,
    ratio,
    layouts: 4,
    background: { kind: 'scene', scene: 'sunrise' },
  });
  const layouts = layoutsFor(COUNT);
  t = performance.now();
  for (const layout of layouts) await renderPoster(params, layout, {});
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `posters ${ratio}: ${COUNT} in ${seconds.toFixed(2)} s = ${((COUNT / seconds) * 60).toFixed(0)} posters/minute (one thread)`,
  );
}
