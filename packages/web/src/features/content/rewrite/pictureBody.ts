import type { ApiBody } from '@productimage/core';

type PictureBody = ApiBody<'post', '/api/rewrite/picture-batches'>;

/** The picture rewrite request: the original picture and, when the user gave one, the product picture. */
export function pictureRewriteBody(
  img: { url: string } | null,
  product: { url: string } | null,
  fields: Omit<PictureBody, 'img' | 'productImg'>,
): PictureBody {
  return { ...fields, img: img?.url ?? '', productImg: product?.url ?? '' };
}
