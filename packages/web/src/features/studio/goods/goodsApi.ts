import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type Goods = Schema<'Goods'>;
export type GoodsInput = Pick<Goods, 'name' | 'intro' | 'images' | 'sellingPoints' | 'price'>;

export const GOODS_KEY = ['goods'] as const;
const goodsId = (id: string) => ({ path: { goodsId: Number(id) } });

export const goodsApi = {
  list: (keyword: string) => api.GET('/api/goods', { params: { query: { keyword } } }),
  create: (body: GoodsInput) => api.POST('/api/goods', { body }),
  update: (id: string, body: GoodsInput) => api.PUT('/api/goods/{goodsId}', { params: goodsId(id), body }),
  remove: (id: string) => api.DELETE('/api/goods/{goodsId}', { params: goodsId(id) }),
  /** The product's pictures as generation inputs (the batch studio): `{ pictures: [{ name, url }], failed: [{ source, message }] }`. */
  pictures: (id: string) => api.POST('/api/goods/{goodsId}/pictures', { params: goodsId(id) }),
};
