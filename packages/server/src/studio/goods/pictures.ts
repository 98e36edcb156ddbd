import { TASK_UPLOAD } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { SafeFetchError, type SafeFetchOptions, safeFetch } from '../../platform/http/safe-fetch.ts';
import { readImageHeader } from '../../platform/sandbox/image.ts';
import { checkGenerationImage, findOwnPicture, userMinimum } from '../tasks/inputs.ts';
import { saveUpload, sniffImage } from '../uploads/service.ts';
import { getGoods, type Owner } from './service.ts';

/**
 * A product's pictures as generation inputs (the batch studio's "from the product library", issue
 * 33). A product keeps its pictures as links: the user's own uploads and results are used as they
 * are; any other link (a shop's picture) is fetched through the safe fetcher (no private addresses,
 * size cap, time-out), must be a picture the generation rules accept, and is stored as the user's
 * upload. Pictures that cannot be used are listed with the reason, never silently dropped.
 */
export interface GoodsPicture {
  name: string;
  url: string;
}
export interface GoodsPictureFailure {
  source: string;
  /** An i18n key (`errors:…`, `goods:…`) and its placeholders: the route answers it in the caller's language. */
  error: { key: string; params: Record<string, string | number> };
}

/** Fetched pictures per user per 10 minutes (the server's own bandwidth; separate from uploads). */
const FETCH_LIMIT: [number, number] = [300, 600];
const FETCH_TIMEOUT_MS = 15_000;
const AT_ONCE = 4;

function failureOf(err: unknown): GoodsPictureFailure['error'] {
  if (err instanceof AppError) return { key: err.msgKey ?? `errors:${err.key}`, params: err.params };
  if (err instanceof SafeFetchError) {
    if (err.reason === 'tooLarge')
      return { key: 'errors:uploadTooLarge', params: { max: `${TASK_UPLOAD.maxBytes / 1024 / 1024}MB` } };
    if (err.reason === 'scheme' || err.reason === 'address') return { key: 'goods:pictureBlocked', params: {} };
  }
  return { key: 'goods:pictureUnreachable', params: {} };
}

export async function goodsPictures(
  ctx: AppContext,
  user: Owner,
  goodsId: number,
  /** Tests only: lets a local test server through the safe fetcher. */
  fetchOptions: Pick<SafeFetchOptions, 'allowAddress'> = {},
): Promise<{ pictures: GoodsPicture[]; failed: GoodsPictureFailure[] }> {
  const goods = await getGoods(ctx, user, goodsId);
  const results: Array<GoodsPicture | GoodsPictureFailure> = new Array(goods.images.length);
  const minimum = await userMinimum(ctx, user.id);
  const nameOf = (i: number) => (goods.images.length > 1 ? `${goods.name}-${i + 1}` : goods.name);
  const one = async (source: string, index: number): Promise<GoodsPicture | GoodsPictureFailure> => {
    try {
      const own = await findOwnPicture(ctx, user.id, source);
      if (own) return { name: nameOf(index), url: ctx.storage.url(own.key) };
      await enforce(ctx.db, `goods-pictures:${user.id}`, ...FETCH_LIMIT);
      const answer = await safeFetch(source, {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: TASK_UPLOAD.maxBytes,
        accept: TASK_UPLOAD.mimeTypes.join(','),
        ...fetchOptions,
      });
      const type = await sniffImage(answer.body, TASK_UPLOAD.mimeTypes);
      if (!type) throw new AppError('uploadTypeInvalid');
      await readImageHeader(answer.body);
      await checkGenerationImage(answer.body, minimum);
      return { name: nameOf(index), url: await saveUpload(ctx, user, answer.body, type) };
    } catch (err) {
      if (!(err instanceof AppError || err instanceof SafeFetchError))
        ctx.log.warn({ err, goodsId }, 'goods picture fetch failed');
      return { source, error: failureOf(err) };
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < goods.images.length) {
      const index = next++;
      results[index] = await one(goods.images[index] as string, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, goods.images.length) }, lane));
  return {
    pictures: results.filter((r): r is GoodsPicture => 'url' in r),
    failed: results.filter((r): r is GoodsPictureFailure => 'error' in r),
  };
}
