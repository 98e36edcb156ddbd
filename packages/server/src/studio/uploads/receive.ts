import { UPLOAD_MAX_BYTES } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { readImageHeader } from '../../platform/sandbox/image.ts';
import { saveUpload, sniffImage } from './service.ts';

/** Uploads per user per minute, through the web app and the open API together. */
const UPLOAD_LIMIT: [number, number] = [30, 60];

export const UPLOAD_MAX_LABEL = `${UPLOAD_MAX_BYTES / 1024 / 1024}MB`;

/**
 * Reads one multipart `file` from the request, checks it is an image by its content and stores it
 * for the user (within the per-user upload limit); answers its URL. A picture declaring more than
 * IMAGE_MAX_PIXELS in its header (a decompression bomb) is refused (`fileTooComplex`) before
 * anything decodes or stores it. Shared by POST /api/upload and the open API's uploads.
 */
export async function receiveImageUpload(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  request: FastifyRequest,
): Promise<string> {
  await enforce(ctx.db, `upload:${user.id}`, ...UPLOAD_LIMIT);
  if (!request.isMultipart()) throw new AppError('badRequest');
  const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw new AppError('badRequest');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('uploadTooLarge', { max: UPLOAD_MAX_LABEL });
    throw error;
  }
  if (part.file.truncated) throw new AppError('uploadTooLarge', { max: UPLOAD_MAX_LABEL });
  const type = await sniffImage(data);
  if (!type) throw new AppError('uploadTypeInvalid');
  await readImageHeader(data);
  return saveUpload(ctx, user, data, type);
}
