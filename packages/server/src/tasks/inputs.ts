import { TASK_UPLOAD } from '@productimage/core';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { contentTypeFromKey } from '../storage/index.ts';
import { findOwnUpload, sniffImage } from '../uploads/service.ts';
import type { StoredInput } from './store.ts';

/**
 * Generation inputs are files the user already stored: pictures uploaded through POST /api/upload
 * (checked here against the generation rules of spec 001 §5 when a task uses them) or outputs of the
 * user's own earlier tasks (a cutout fed to the background tool; our own files, not re-checked).
 * Anything else, someone else's file included, is refused as if it did not exist.
 */

/** "500KB", "10MB": how the spec writes the limits (and how the web app shows them). */
export function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${+(bytes / mb).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`;
}

/** The picture's width and height as shown (EXIF orientation applied). */
async function dimensions(data: Buffer): Promise<[number, number]> {
  const meta = await sharp(data).metadata();
  if (!meta.width || !meta.height) throw new AppError('uploadTypeInvalid');
  return (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
}

/** Checks a generation input by its content: type, size, aspect ratio and resolution (spec 001 §5). */
export async function checkGenerationImage(data: Buffer): Promise<void> {
  const type = await sniffImage(data, TASK_UPLOAD.mimeTypes);
  if (!type) throw new AppError('uploadTypeInvalid');
  if (data.length > TASK_UPLOAD.maxBytes) throw new AppError('uploadTooLarge', { max: formatBytes(TASK_UPLOAD.maxBytes) });
  if (data.length < TASK_UPLOAD.minBytes) throw new AppError('uploadTooSmall', { min: formatBytes(TASK_UPLOAD.minBytes) });
  let width: number;
  let height: number;
  try {
    [width, height] = await dimensions(data);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('uploadTypeInvalid');
  }
  const aspect = width / height;
  if (aspect < TASK_UPLOAD.minAspect || aspect > TASK_UPLOAD.maxAspect) throw new AppError('uploadAspectInvalid');
  if (Math.min(width, height) < TASK_UPLOAD.minSide) throw new AppError('uploadResolutionTooLow', { size: TASK_UPLOAD.minSide });
}

/**
 * The caller's own picture behind a URL: an upload (`upload: true`) or a still output of one of
 * their tasks; null for anything else, someone else's file included.
 */
export async function findOwnPicture(
  ctx: AppContext,
  userId: string,
  url: string,
): Promise<{ key: string; upload: boolean } | null> {
  const upload = await findOwnUpload(ctx, userId, url);
  if (upload) return { key: upload.key, upload: true };
  const key = ctx.storage.keyFromUrl(url);
  const output = key
    ? await ctx.db
        .selectFrom('task_outputs')
        .select('key')
        .where('key', '=', key)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  // Only still pictures feed the image tools.
  if (!output || !(TASK_UPLOAD.mimeTypes as readonly string[]).includes(contentTypeFromKey(output.key))) return null;
  return { key: output.key, upload: false };
}

/** Resolves the input URLs of a new task to the user's stored files, checking uploads by content. */
export async function resolveInputs(ctx: AppContext, userId: string, urls: string[]): Promise<StoredInput[]> {
  const out: StoredInput[] = [];
  for (const url of urls) {
    const picture = await findOwnPicture(ctx, userId, url);
    if (!picture) throw new AppError('taskInputInvalid');
    if (picture.upload) {
      const object = await ctx.storage.get(picture.key);
      if (!object) throw new AppError('taskInputInvalid');
      await checkGenerationImage(object.data);
    }
    // Outputs are ours (not re-checked). Kept unsigned: answers sign file URLs when they are sent (storage/file-urls.ts).
    out.push({ url: ctx.storage.url(picture.key), key: picture.key });
  }
  return out;
}
