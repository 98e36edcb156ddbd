import crypto from 'node:crypto';
import { type DOWNLOAD_DEFINITIONS, DOWNLOAD_LONG_SIDE, downloadSize, isPaidTier } from '@productimage/core';
import sharp from 'sharp';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { rememberResult } from './own-results.ts';
import { findTask } from './service.ts';
import { attachTaskFile, parseInputs, parseOutputs, type TaskRow } from './store.ts';

export type Definition = (typeof DOWNLOAD_DEFINITIONS)[number];

/**
 * Downloads (spec 001 §6, §8): standard 1080P for everyone, 2K for paid members. Pictures are
 * rendered at the source's resolution up to 2048 px (docs/engines.md "Output sizes"); a download is
 * the stored picture made to fit 1080 px (standard) or 2048 px (2K) on its long side, never
 * enlarged: a picture that already fits is delivered byte for byte. Videos are delivered as
 * rendered. One download of an item at a time per user, across processes (a lock row).
 *
 * Pictures an engine delivers smaller than 2048 px (QR art at 1024, posters at 1080, idea pictures
 * at 1024) are drawn again by that engine at 2048 px for a 2K download, and for a 1080P one when they
 * are under 1080 px (`EngineJob.render`, issue 30):
 * once, then kept as a file of the task (removed with it).
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
    let source = { data: object.data, contentType: object.contentType };
    let meta = await sharp(source.data).metadata();
    // Short of the definition's long side (QR art at 1024 px for 1080P or 2K): drawn again at 2048 px
    // when its engine can, then made to fit, so "1080P" is 1080 px (issue 41).
    if (Math.max(meta.width ?? 0, meta.height ?? 0) < DOWNLOAD_LONG_SIDE[definition]) {
      const hd = await renderedLarger(ctx, task, index, output.key);
      if (hd) {
        source = { data: hd, contentType: 'image/png' };
        meta = await sharp(hd).metadata();
      }
    }
    const filename = `${name}-${definition}.${meta.format === 'png' ? 'png' : ext}`;
    const [width, height] = downloadSize(meta.width ?? 1, meta.height ?? 1, definition);
    if (width === meta.width && height === meta.height) {
      await rememberResult(ctx.db, userId, taskId, source.data);
      return { ...source, filename, release };
    }
    const image = sharp(source.data);
    const resized = image.resize(width, height, { kernel: 'lanczos3' });
    const data =
      meta.format === 'png' ? await resized.png().toBuffer() : await resized.jpeg({ quality: 95, mozjpeg: true }).toBuffer();
    // Each download size is remembered by content: uploaded again, it is the user's own result.
    await rememberResult(ctx.db, userId, taskId, data);
    return { data, contentType: source.contentType, filename, release };
  } catch (err) {
    await release();
    throw err;
  }
}

/** How long a 2K drawing may take before the download gives up. */
const RENDER_MS = 90_000;

/**
 * The output drawn again at 2048 px by the engine that made it, when that engine can
 * (`Engine.rendersLarger`); null otherwise (the download is then the stored picture, never enlarged).
 * The drawing is kept beside the output as a file of the task, so the next 2K download is instant.
 */
async function renderedLarger(ctx: AppContext, task: TaskRow, index: number, outputKey: string): Promise<Buffer | null> {
  const engine = ctx.tasks.engines.byName(task.engine) ?? ctx.tasks.engines.route(task.biz_type);
  if (!engine?.rendersLarger?.includes(task.biz_type)) return null;
  const key = `${outputKey.replace(/\.[^./]+$/, '')}-2k.png`;
  const kept = await ctx.storage.get(key);
  if (kept) return kept.data;
  const inputs = [];
  for (const input of parseInputs(task)) {
    const stored = await ctx.storage.get(input.key);
    if (!stored) throw new AppError('notFound');
    inputs.push({ buffer: stored.data, contentType: stored.contentType });
  }
  const result = await engine.run({
    taskId: task.id,
    bizType: task.biz_type,
    params: JSON.parse(task.params) as Record<string, unknown>,
    inputs,
    signal: AbortSignal.timeout(RENDER_MS),
    progress: () => undefined,
    render: { index, longSide: DOWNLOAD_LONG_SIDE['2K'] },
  });
  const file = (Array.isArray(result) ? result : (result.files ?? []))[0];
  if (!file) return null;
  await ctx.storage.put(key, file.buffer, file.contentType);
  await attachTaskFile(ctx.db, task.id, task.user_id, key);
  return file.buffer;
}
