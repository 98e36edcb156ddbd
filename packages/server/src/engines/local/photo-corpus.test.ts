import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_SIZE } from './photo-corpus.test-support.ts';
import { cutScene, halfIndices, mean, type SceneResult } from './photo-corpus-checks.test-support.ts';
import { segmentationSession } from './segmenter.ts';

/**
 * The automatic cutout on the photo corpus's HELD-OUT half (issue 44): 32 scenes no constant of the
 * cut was tuned on, each cut once as the product cuts it (`cutScene`: one to three model runs, the
 * scenes at their own 768-960 px). `npm run bench -- pictures` prints the same figures for both
 * halves; this test decides: mean IoU at least 0.95 and the worst scene at least 0.88 (it was 0.860
 * and 0.000 before the cut chose among parts and looked past a plant), and what the cut keeps beside
 * the product beyond its rim is listed as a kept region (one click drops it).
 */
const results: SceneResult[] = [];

// A guard against a hang, not a speed check: about 8 minutes alone on CI's machine; 15 were not enough on a machine
// also running the pictures bench (session 34).
beforeAll(async () => {
  await segmentationSession();
  for (const index of halfIndices(CORPUS_SIZE, 'held-out')) results.push(await cutScene(index));
}, 1_800_000);

const ious = () => results.map((r) => r.iou);

describe('automatic cutout on held-out photos (issue 44)', () => {
  it('keeps the product and only the product, at the photo’s own size: mean IoU at least 0.95, the worst scene at least 0.88', () => {
    expect(results).toHaveLength(32);
    expect(results.filter((r) => r.size[0] !== r.scene.width || r.size[1] !== r.scene.height)).toEqual([]);
    expect(mean(ious())).toBeGreaterThanOrEqual(0.95);
    const worst = results.reduce((a, b) => (b.iou < a.iou ? b : a));
    expect({ scene: worst.scene.index, kind: worst.scene.kind, ok: worst.iou >= 0.88 }).toMatchObject({ ok: true });
  });

  it('offers what it keeps beside the product: a kept region covers it wherever it keeps a thing', () => {
    const needed = results.filter((r) => r.needsChoice);
    expect(needed.map((r) => ({ scene: r.scene.index, offered: r.offered }))).toEqual(
      needed.map((r) => ({ scene: r.scene.index, offered: true })),
    );
  });
});
