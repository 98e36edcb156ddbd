import type { LedgerEntry, MembershipProducts, Order, Page } from '@productimage/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { CURRENT_USER_KEY } from '../auth/session.ts';

/** Query keys of the benefits centre; a payment refreshes all of them and the header balance. */
export const MEMBER_KEYS = {
  products: ['member', 'products'] as const,
  orders: ['member', 'orders'] as const,
  ledger: ['member', 'ledger'] as const,
  order: (orderNo: string) => ['member', 'order', orderNo] as const,
};

export const memberApi = {
  products: () => api.get<MembershipProducts>('/api/membership/products'),
  orders: (pageNum: number, pageSize: number) => api.get<Page<Order>>('/api/orders', { pageNum, pageSize }),
  order: (orderNo: string) => api.get<Order>(`/api/orders/${encodeURIComponent(orderNo)}`),
  createOrder: (productId: string) => api.post<Order>('/api/orders', { productId }),
  cancelOrder: (orderNo: string) => api.post<Order>(`/api/orders/${encodeURIComponent(orderNo)}/cancel`),
  ledger: (pageNum: number, pageSize: number) => api.get<Page<LedgerEntry>>('/api/points/ledger', { pageNum, pageSize }),
};

/** After a payment or a cancellation: balance in the header, plans, orders and history reload. */
export function useRefreshMember() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: CURRENT_USER_KEY }), client.invalidateQueries({ queryKey: ['member'] })]);
}
