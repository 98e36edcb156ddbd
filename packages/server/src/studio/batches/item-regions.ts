import { subjectInputIndex } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { findRegions } from '../tasks/regions.ts';
import type { StoredInput, TaskRow } from '../tasks/store.ts';
import type { BatchTables } from './tables.ts';

/**
 * A batch item's cut choices (issue 44): what a cut of its picture keeps or leaves out beside the
 * product (a lamp beside a dress), looked for once when the item ends, so the grid can say which
 * pictures kept something else and offer the same keep/drop choices as the single tools; a redo
 * with choices runs the item with them (`keep` and `drop` of its recipe's params).
 */

/** Recipes whose run cuts the item's picture and takes `keep` and `drop` (core's param schemas). */
export const CUTTING_BIZ_TYPES: ReadonlySet<string> = new Set(['MATTING_IMAGE', 'PRODUCT_REPLACE_IMAGE']);

type Point = [number, number];

/** A region as the grid shows it: POST /api/upload/regions' answer without its thumbnail (the grid crops the picture). */
export interface ItemRegion {
  point: Point;
  kept: boolean;
  box: [number, number, number, number];
  share: number;
}

export interface ItemChoices {
  keep?: Point[] | undefined;
  drop?: Point[] | undefined;
}

type Item = Pick<BatchTables['batch_items'], 'id' | 'task_id' | 'inputs' | 'regions' | 'choices'>;

export const regionsOf = (item: Pick<Item, 'regions'>): ItemRegion[] | null =>
  item.regions === null ? null : (JSON.parse(item.regions) as ItemRegion[]);

export const choicesOf = (item: Pick<Item, 'choices'>): ItemChoices =>
  item.choices === null ? {} : (JSON.parse(item.choices) as ItemChoices);

/** The item's own params: the batch's recipe with the item's choices (only what is set). */
export function itemParams(params: Record<string, unknown>, item: Pick<Item, 'choices'>): Record<string, unknown> {
  const { keep, drop } = choicesOf(item);
  return { ...params, ...(keep?.length ? { keep } : {}), ...(drop?.length ? { drop } : {}) };
}

/** Choices worth storing: empty lists dropped; null when nothing is chosen. */
export function storedChoices(choices: ItemChoices): string | null {
  const keep = choices.keep?.length ? choices.keep : undefined;
  const drop = choices.drop?.length ? choices.drop : undefined;
  return keep || drop ? JSON.stringify({ ...(keep ? { keep } : {}), ...(drop ? { drop } : {}) }) : null;
}

/**
 * Regions by stored file: a file never changes, and a batch may hold one picture many times (a
 * redo, a retry, the same photo in several items); a look-up costs about half a second even with
 * the model's mask cached.
 */
const SEEN_MAX = 256;
const seen = new Map<string, ItemRegion[]>();
function remember(key: string, regions: ItemRegion[]) {
  seen.set(key, regions);
  if (seen.size > SEEN_MAX) seen.delete(seen.keys().next().value as string);
}

/**
 * Looks for the regions of an item that ended with a cut (runner.ts, before its checks settle it):
 * the region finder in the engine pool, where the cut's segmentation is usually still cached.
 * Once per item: a redo keeps them (the picture is the same). A picture that cannot be read has none.
 */
export async function settleRegions(ctx: AppContext, bizType: string, item: Item, task: TaskRow | undefined): Promise<void> {
  if (item.regions !== null || !CUTTING_BIZ_TYPES.has(bizType) || task?.status !== 'completed') return;
  let regions: ItemRegion[] = [];
  try {
    const input = (JSON.parse(item.inputs) as StoredInput[])[subjectInputIndex(bizType)];
    const known = input ? seen.get(input.key) : undefined;
    const object = input && !known ? await ctx.storage.get(input.key) : null;
    if (known) regions = known;
    else if (input && object) {
      const found = await findRegions({ buffer: object.data, contentType: object.contentType });
      regions = found.map(({ point, kept, box, share }) => ({ point, kept, box, share }));
      remember(input.key, regions);
    }
  } catch (err) {
    ctx.log.warn({ err, itemId: item.id }, 'batch item regions failed');
  }
  await ctx.db
    .updateTable('batch_items')
    .set({ regions: JSON.stringify(regions) })
    .where('id', '=', item.id)
    .where('regions', 'is', null)
    .execute();
}
