import { api } from '../../app/api.ts';

export interface Goods {
  goodsId: string;
  name: string;
  intro: string;
  images: string[];
  sellingPoints: string[];
  price: string;
  productInfo: string;
  createdAt: number;
  updatedAt: number;
}

export type GoodsInput = Pick<Goods, 'name' | 'intro' | 'images' | 'sellingPoints' | 'price'>;

export const GOODS_KEY = ['goods'] as const;

export const goodsApi = {
  list: (keyword: string) => api.get<Goods[]>('/api/goods', { keyword }),
  create: (input: GoodsInput) => api.post<{ goodsId: string }>('/api/goods', input),
  update: (goodsId: string, input: GoodsInput) => api.put(`/api/goods/${encodeURIComponent(goodsId)}`, input),
  remove: (goodsId: string) => api.del(`/api/goods/${encodeURIComponent(goodsId)}`),
};
