import crypto from 'node:crypto';
import { type DOWNLOAD_DEFINITIONS, downloadSize, isPaidTier } from '@productimage/core';
import sharp from 'sharp';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findTask } from './service.ts';
import { parseOutputs } from './store.ts';

export type Definition = (typeof DOWNLOAD_DEFINITIONS)[number];

/**
 * Downloads (spec 001 §6, §8): standard 1080P for everyone, 2K for paid members. Pictures are
 * rendered at the source's resolution up to 2048 px (docs/engines.md "Output sizes"); a download is
 * the stored picture made to fit 1080 px (standard) or 2048 px (2K) on its long side, never
 * enlarged: a picture that already fits is delivered byte for byte. Videos are delivered as
 * rendered. One download of an item at a time per user, across processes (a lock row).
 */
const LOCK_MS = 120_000;

export interface Download {
  data: Buffer;
  contentType: string;
  filename: string;
  /** Releases the download lock; call when the response has been sent. */
  release(): Promise<void>;
}

async function lock(ctx: AppContext, key: string): Promise<() => Promise<void>> {
  const now = Date.now();
  const owner = crypto.randomUUID();
  await ctx.db.deleteFrom('task_download_locks').where('key', '=', key).where('expires_at', '<', now).execute();
  const taken = await ctx.db
    .insertInto('task_download_locks')
    .values({ key, expires_at: now + LOCK_MS, owner })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('downloadBusy');
  // Only our own lock: the release may run after the lock expired and another download took it.
  return async () => {
    await ctx.db.deleteFrom('task_download_locks').where('key', '=', key).where('owner', '=', owner).execute();
  };
}

export async function prepareDownload(
  ctx: AppContext,
  userId: string,
  taskId: string,
  index: number,
  definition: Definition,
): Promise<Download> {
  const task = await findTask(ctx, userId, taskId);
  const output = task.status === 'completed' ? parseOutputs(task)[index] : undefined;
  if (!output) throw new AppError('notFound');
  if (definition === '2K' && !isPaidTier((await getBenefitPackage(ctx.db, userId)).product.productType))
    throw new AppError('hdNeedsMembership');
  const release = await lock(ctx, `${userId}:${taskId}:${index}`);
  try {
    const object = await ctx.storage.get(output.key);
    if (!object) throw new AppError('notFound');
    const ext = output.key.split('.').pop() ?? 'bin';
    const name = `${task.biz_type.toLowerCase()}-${taskId.slice(0, 8)}-${index + 1}`;
    if (output.type === 'video')
      return { data: object.data, contentType: object.contentType, filename: `${name}.${ext}`, release };
    const image = sharp(object.data);
    const meta = await image.metadata();
    const [width, height] = downloadSize(meta.width ?? 1, meta.height ?? 1, definition);
    const filename = `${name}-${definition}.${ext}`;
    if (width === meta.width && height === meta.height)
      return { data: object.data, contentType: object.contentType, filename, release };
    const resized = image.resize(width, height, { kernel: 'lanczos3' });
    const data =
      meta.format === 'png' ? await resized.png().toBuffer() : await resized.jpeg({ quality: 95, mozjpeg: true }).toBuffer();
    return { data, contentType: object.contentType, filename, release };
  } catch (err) {
    await release();
    throw err;
  }
}
