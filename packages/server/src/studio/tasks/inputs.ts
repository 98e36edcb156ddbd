import { TASK_UPLOAD } from '@productimage/core';
import { tenantOfUser } from '../../identity/accounts/users.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { readImageHeader } from '../../platform/sandbox/image.ts';
import { contentTypeFromKey } from '../../platform/storage/index.ts';
import { findOwnUpload, sniffImage } from '../uploads/service.ts';
import { isOwnResult } from './own-results.ts';
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

/**
 * The picture's width and height as shown (EXIF orientation applied), from its header only: over
 * IMAGE_MAX_PIXELS it is refused (`fileTooComplex`, issue 26) before anything decodes it.
 */
async function dimensions(data: Buffer): Promise<[number, number]> {
  const meta = await readImageHeader(data).catch((err) => {
    if (err instanceof AppError && err.key === 'fileTooComplex') throw err;
    throw new AppError('uploadTypeInvalid');
  });
  return meta.orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
}

/** The lower bounds of a fresh upload: the spec's by default, a tenant's own when its operator set them. */
export interface UploadMinimum {
  minBytes: number;
  minSide: number;
}

export const SPEC_MINIMUM: UploadMinimum = { minBytes: TASK_UPLOAD.minBytes, minSide: TASK_UPLOAD.minSide };

/** The product's own results have no lower bound: the minimum guards fresh camera photos only. */
const OWN_RESULT_MINIMUM: UploadMinimum = { minBytes: 0, minSide: 0 };

/** The upload minimum of a tenant (console flags `uploadMinKB`, `uploadMinSide`). */
export function minimumOf(flags: { uploadMinKB?: number | null; uploadMinSide?: number | null }): UploadMinimum {
  return {
    minBytes: flags.uploadMinKB ? flags.uploadMinKB * 1024 : SPEC_MINIMUM.minBytes,
    minSide: flags.uploadMinSide ?? SPEC_MINIMUM.minSide,
  };
}

/** Checks a generation input by its content: type, size, aspect ratio and resolution (spec 001 §5). */
export async function checkGenerationImage(data: Buffer, minimum: UploadMinimum = SPEC_MINIMUM): Promise<void> {
  const type = await sniffImage(data, TASK_UPLOAD.mimeTypes);
  if (!type) throw new AppError('uploadTypeInvalid');
  if (data.length > TASK_UPLOAD.maxBytes) throw new AppError('uploadTooLarge', { max: formatBytes(TASK_UPLOAD.maxBytes) });
  if (data.length < minimum.minBytes) throw new AppError('uploadTooSmall', { min: formatBytes(minimum.minBytes) });
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
  if (Math.min(width, height) < minimum.minSide) throw new AppError('uploadResolutionTooLow', { size: minimum.minSide });
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

/** Whether one of the user's tasks already took this upload (a history item: accepted again as it is). */
async function usedBefore(ctx: AppContext, userId: string, key: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .where('inputs', 'like', `%${key}%`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The user's tenant's upload minimum. */
export async function userMinimum(ctx: AppContext, userId: string): Promise<UploadMinimum> {
  return minimumOf((await getTenantOrDefault(ctx.db, await tenantOfUser(ctx.db, userId))).flags);
}

/**
 * Resolves the input URLs of a new task to the user's stored files. Fresh uploads are checked by
 * content against the spec's rules (with the tenant's own minimum when its operator set one); the
 * user's results and the uploads their earlier tasks took (history) are always accepted (issue 30:
 * a 26 KB cutout or an 800x800 shop JPEG that already went through a tool goes through again), and so
 * is an upload whose bytes are one of their results at any download size (own-results.ts, issue 41).
 */
export async function resolveInputs(ctx: AppContext, userId: string, urls: string[]): Promise<StoredInput[]> {
  const out: StoredInput[] = [];
  let minimum: UploadMinimum | null = null;
  for (const url of urls) {
    const picture = await findOwnPicture(ctx, userId, url);
    if (!picture) throw new AppError('taskInputInvalid');
    if (picture.upload) {
      const object = await ctx.storage.get(picture.key);
      if (!object) throw new AppError('taskInputInvalid');
      if (await usedBefore(ctx, userId, picture.key)) {
        if (!(await sniffImage(object.data, TASK_UPLOAD.mimeTypes))) throw new AppError('uploadTypeInvalid');
        // Stored before uploads were checked for decompression bombs: the header is read again.
        await dimensions(object.data);
      } else if (await isOwnResult(ctx.db, userId, object.data)) {
        // A result of theirs downloaded and uploaded again (any download size): no minimum (issue 41).
        await checkGenerationImage(object.data, OWN_RESULT_MINIMUM);
      } else {
        minimum ??= await userMinimum(ctx, userId);
        await checkGenerationImage(object.data, minimum);
      }
    }
    // Outputs are ours (not re-checked). Kept unsigned: answers sign file URLs when they are sent (storage/file-urls.ts).
    out.push({ url: ctx.storage.url(picture.key), key: picture.key });
  }
  return out;
}
