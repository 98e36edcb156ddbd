import { OUTPUT_MAX_SIDE } from '@productimage/core';
import { growMask } from './clean-plate.ts';
import { subjectCut } from './cutout.ts';
import { alphaOf } from './imaging.ts';
import { type CorpusScene, corpusScene, scoreCut } from './photo-corpus.test-support.ts';
import { MIN_REGION_SHARE } from './regions.ts';

/** Kept pixels within this share of the picture's long side of the product are its rim, not a thing beside it. */
const BESIDE_RIM = 0.015;

/** One corpus scene cut as the product cuts it, and what the cut scores (shared by the engine test and the bench). */
export interface SceneResult {
  scene: CorpusScene;
  /** The cut's size (the photo's own: the cut is at the source resolution below OUTPUT_MAX_SIDE). */
  size: [number, number];
  iou: number;
  /** Share of the picture kept that is not the product (what a new background would still show of the room). */
  room: number;
  /** Share of the source shadow the cut kept. */
  shadowKept: number;
  /** Something beside the product was kept (beyond its rim, at least a speck's share of the picture). */
  needsChoice: boolean;
  /** The cut lists a kept region covering most of what it kept beside the product (one click drops it). */
  offered: boolean;
  /** Regions listed (kept and left out). */
  regions: number;
  ms: number;
  /**
   * The best IoU a merchant gets with at most one click on the listed choices (the cut as it comes, or
   * again with one region dropped or kept): issue 44's "or says what else it kept and lets the merchant
   * drop it in one click". Only when asked for (`oneClick`): each choice is one more cut (the model's
   * masks come from its cache; the rules run again).
   */
  oneClick?: number;
}

export async function cutScene(index: number, options: { oneClick?: boolean } = {}): Promise<SceneResult> {
  const scene = await corpusScene(index);
  const started = performance.now();
  const { cut, others } = await subjectCut(scene.photo, new AbortController().signal, OUTPUT_MAX_SIDE);
  const ms = performance.now() - started;
  const alpha = alphaOf(cut);
  const score = scoreCut(scene, alpha);
  // "Beside" the product: kept pixels further from it than a rim (an edge's halo is no thing to drop).
  const near = growMask(scene.mask, scene.width, scene.height, Math.round(Math.max(scene.width, scene.height) * BESIDE_RIM));
  let extra = 0;
  let covered = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]! < 128 || near[i]) continue;
    extra++;
    if (others.some((o) => o.kept && o.alpha[i]! >= 128)) covered++;
  }
  const needsChoice = extra / alpha.length >= MIN_REGION_SHARE;
  let oneClick: number | undefined;
  if (options.oneClick) {
    oneClick = score.iou;
    for (const o of others) {
      const choice = o.kept ? { drop: [o.point] } : { keep: [o.point] };
      const again = await subjectCut(scene.photo, new AbortController().signal, OUTPUT_MAX_SIDE, choice);
      oneClick = Math.max(oneClick, scoreCut(scene, alphaOf(again.cut)).iou);
    }
  }
  return {
    scene,
    size: [cut.width, cut.height],
    iou: score.iou,
    room: score.room,
    shadowKept: score.shadowKept,
    needsChoice,
    offered: needsChoice && covered >= extra * 0.5,
    regions: others.length,
    ms,
    ...(oneClick === undefined ? {} : { oneClick }),
  };
}

/** The scenes of one half of the corpus, as indices. */
export const halfIndices = (size: number, half: CorpusScene['half']) =>
  Array.from({ length: size }, (_, i) => i).filter((i) => (i % 2 === 0 ? 'tuning' : 'held-out') === half);

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** The value below which a tenth of the values lie. */
export function p10(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * 0.1)] ?? Number.NaN;
}
