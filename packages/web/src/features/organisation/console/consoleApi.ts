import type { ApiBody, ApiData, Schema } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { useSession } from '../../identity/accounts/session.ts';
import { useTeamMe } from '../team/teamApi.ts';

export type ConsoleTenant = ApiData<'get', '/api/console/tenants'>[number];
export type ConsoleReferrer = ApiData<'get', '/api/console/referrers'>[number];
export type ConsoleUser = ApiData<'get', '/api/console/users'>['list'][number];
export type StoredFlags = ConsoleTenant['flags'];
export type FollowupKind = 'lead' | 'feedback';
export type FollowupStatus = 'new' | 'contacted' | 'done' | 'closed';
export const FOLLOWUP_STATUSES: FollowupStatus[] = ['new', 'contacted', 'done', 'closed'];

/** Operator routes of other domains answer their published shapes (generated client types). */
export type Product = Schema<'Product'>;
export type ProductBody = ApiBody<'put', '/api/membership/admin/products/{id}'>;

export const CONSOLE_KEY = ['console'] as const;

export const consoleApi = {
  me: () => api.GET('/api/console/me'),
  tenants: () => api.GET('/api/console/tenants'),
  saveTenant: (id: string, body: ApiBody<'put', '/api/console/tenants/{id}'>) =>
    api.PUT('/api/console/tenants/{id}', { params: { path: { id } }, body }),
  createTenant: (body: ApiBody<'post', '/api/console/tenants'>) => api.POST('/api/console/tenants', { body }),
  topUp: (id: string, amount: number, note: string) =>
    api.POST('/api/console/tenants/{id}/pool', { params: { path: { id } }, body: { amount, note } }),
  referrers: () => api.GET('/api/console/referrers'),
  saveReferrer: (id: string, body: ApiBody<'put', '/api/console/referrers/{id}'>) =>
    api.PUT('/api/console/referrers/{id}', { params: { path: { id } }, body }),
  inviteCode: (referrer: string) => api.GET('/api/operator/invite-code', { params: { query: { referrer } } }),
  users: (query: { pageNum: number; pageSize: number; keyword?: string; tenantId?: string }) =>
    api.GET('/api/console/users', { params: { query } }),
  grant: (id: string, body: { amount: number; note: string; validityDays?: number }) =>
    api.POST('/api/console/users/{id}/points', { params: { path: { id } }, body }),
  grantTier: (id: string, body: ApiBody<'post', '/api/console/users/{id}/tier'>) =>
    api.POST('/api/console/users/{id}/tier', { params: { path: { id } }, body }),
  setTeam: (id: string, body: ApiBody<'put', '/api/console/users/{id}/team'>) =>
    api.PUT('/api/console/users/{id}/team', { params: { path: { id } }, body }),
  enterprise: (body: ApiBody<'post', '/api/membership/admin/enterprise'>) =>
    api.POST('/api/membership/admin/enterprise', { body }),
  products: () => api.GET('/api/membership/admin/products'),
  saveProduct: (id: string, body: ProductBody) =>
    api.PUT('/api/membership/admin/products/{id}', { params: { path: { id } }, body }),
  broadcast: (body: ApiBody<'post', '/api/operator/inbox'>) => api.POST('/api/operator/inbox', { body }),
  sent: () => api.GET('/api/operator/inbox', { params: { query: { pageNum: 1, pageSize: 20 } } }),
  leads: () => api.GET('/api/operator/leads', { params: { query: { pageNum: 1, pageSize: 100 } } }),
  feedback: () => api.GET('/api/operator/feedback', { params: { query: { pageNum: 1, pageSize: 100 } } }),
  followups: (kind: FollowupKind) => api.GET('/api/console/followups/{kind}', { params: { path: { kind } } }),
  setFollowup: (kind: FollowupKind, id: string, status: FollowupStatus, note: string | null) =>
    api.PUT('/api/console/followups/{kind}/{id}', { params: { path: { kind, id } }, body: { status, note } }),
  orders: (pageNum: number) => api.GET('/api/orders/all', { params: { query: { pageNum, pageSize: 20 } } }),
  refund: (orderNo: string, note: string) =>
    api.POST('/api/orders/{orderNo}/refund', { params: { path: { orderNo } }, body: { note } }),
  engines: () => api.GET('/api/tasks/engines'),
  platformNodes: () => api.GET('/api/console/platform-nodes'),
  savePlatformNodes: (nodes: ApiBody<'put', '/api/console/platform-nodes'>['nodes']) =>
    api.PUT('/api/console/platform-nodes', { body: { nodes } }),
};

/** Whether the caller is a console operator (GET /api/console/me answers 403 otherwise). */
export function useConsoleMe() {
  const { current } = useSession();
  // GET /api/team/me says whether the caller runs the console: others are not sent into a 403.
  const team = useTeamMe();
  const query = useQuery({
    queryKey: [...CONSOLE_KEY, 'me', current?.user.id ?? null],
    queryFn: consoleApi.me,
    enabled: !!current && !!team.me?.consoleOperator,
    retry: false,
  });
  return { data: query.data, isLoading: team.loading || query.isLoading };
}

export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
