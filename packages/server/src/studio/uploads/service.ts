import { UPLOAD_IMAGE_TYPES } from '@productimage/core';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../platform/context.ts';
import { newKey } from '../../platform/storage/index.ts';

/** The image type of a buffer by its content (magic bytes), or null when it is not one we accept. */
export async function sniffImage(
  data: Buffer,
  accepted: readonly string[] = UPLOAD_IMAGE_TYPES,
): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(data);
  return type && accepted.includes(type.mime) ? { mime: type.mime, ext: type.ext } : null;
}

/** Stores an already-checked upload and records who owns it. */
export async function saveUpload(
  ctx: AppContext,
  owner: { id: string; tenantId: string },
  data: Buffer,
  type: { mime: string; ext: string },
): Promise<string> {
  const { key, url } = await ctx.storage.put(newKey('uploads', type.ext), data, type.mime);
  await ctx.db
    .insertInto('uploads')
    .values({
      key,
      user_id: owner.id,
      tenant_id: owner.tenantId,
      content_type: type.mime,
      size: data.length,
      created_at: Date.now(),
    })
    .execute();
  return url;
}

/** The caller's own upload behind a URL this server handed out, else null. */
export async function findOwnUpload(ctx: AppContext, userId: string, url: string) {
  const key = ctx.storage.keyFromUrl(url);
  if (!key) return null;
  const row = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('key', '=', key)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether a stored file is a recorded upload (uploads are kept; their URLs feed tasks, feedback, notes). */
export async function isRecordedUpload(ctx: AppContext, key: string): Promise<boolean> {
  return !!(await ctx.db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst());
}
