import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { CURRENT_USER_KEY } from '../../identity/accounts/session.ts';

/** Query keys of the benefits centre; a payment refreshes all of them and the header balance. */
export const MEMBER_KEYS = {
  products: ['member', 'products'] as const,
  orders: ['member', 'orders'] as const,
  ledger: ['member', 'ledger'] as const,
  order: (orderNo: string) => ['member', 'order', orderNo] as const,
};

/** The benefits centre's calls; paths, parameters and answers come from the generated API types. */
export const memberApi = {
  products: () => api.GET('/api/membership/products'),
  orders: (pageNum: number, pageSize: number) => api.GET('/api/orders', { params: { query: { pageNum, pageSize } } }),
  order: (orderNo: string) => api.GET('/api/orders/{orderNo}', { params: { path: { orderNo } } }),
  createOrder: (productId: string) => api.POST('/api/orders', { body: { productId } }),
  cancelOrder: (orderNo: string) => api.POST('/api/orders/{orderNo}/cancel', { params: { path: { orderNo } } }),
  ledger: (pageNum: number, pageSize: number) => api.GET('/api/points/ledger', { params: { query: { pageNum, pageSize } } }),
};

/** After a payment or a cancellation: balance in the header, plans, orders and history reload. */
export function useRefreshMember() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: CURRENT_USER_KEY }), client.invalidateQueries({ queryKey: ['member'] })]);
}
