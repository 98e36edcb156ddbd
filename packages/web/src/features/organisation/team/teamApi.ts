import { type ApiData, type AssignableTeamRole, formatDate, type TeamPermission } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import { useSession } from '../../identity/accounts/session.ts';

export type Member = ApiData<'get', '/api/team/members'>['list'][number];
export type Invitation = ApiData<'get', '/api/team/invitations'>['list'][number];
export type TenantSettings = ApiData<'get', '/api/team/tenant'>;
export type AuditRow = ApiData<'get', '/api/team/audit-log'>['list'][number];

export const TEAM_KEY = ['team'] as const;

export const teamApi = {
  me: () => api.GET('/api/team/me'),
  members: (query: { pageNum: number; pageSize: number; keyword?: string }) =>
    api.GET('/api/team/members', { params: { query } }),
  setRole: (userId: string, role: AssignableTeamRole) =>
    api.PUT('/api/team/members/{userId}/role', { params: { path: { userId } }, body: { role } }),
  remove: (userId: string) => api.DELETE('/api/team/members/{userId}', { params: { path: { userId } } }),
  transfer: (userId: string) => api.POST('/api/team/ownership', { body: { userId } }),
  invitations: (query: { pageNum: number; pageSize: number }) => api.GET('/api/team/invitations', { params: { query } }),
  invite: (body: { role: AssignableTeamRole; kind: 'link' | 'phone'; phone?: string; days?: number }) =>
    api.POST('/api/team/invitations', { body }),
  revoke: (id: string) => api.DELETE('/api/team/invitations/{id}', { params: { path: { id } } }),
  preview: (token: string) => api.GET('/api/team/invitations/preview', { params: { query: { token } } }),
  pending: () => api.GET('/api/team/invitations/pending'),
  accept: (body: { token?: string; id?: string }) => api.POST('/api/team/invitations/accept', { body }),
  tenant: () => api.GET('/api/team/tenant'),
  saveTenant: (body: Partial<Omit<TenantSettings, 'tenantId' | 'menuSet'>>) => api.PUT('/api/team/tenant', { body }),
  points: (query: { pageNum: number; pageSize: number }) => api.GET('/api/team/points', { params: { query } }),
  allocate: (body: { userId: string; amount: number; note: string }) => api.POST('/api/team/points/allocate', { body }),
  reclaim: (body: { userId: string; amount: number; note: string }) => api.POST('/api/team/points/reclaim', { body }),
  auditLog: (query: { pageNum: number; pageSize: number; action?: string }) =>
    api.GET('/api/team/audit-log', { params: { query } }),
};

/** The caller's role and what it allows (GET /api/team/me); null while logged out. */
export function useTeamMe() {
  const { current } = useSession();
  const query = useQuery({ queryKey: [...TEAM_KEY, 'me', current?.user.id ?? null], queryFn: teamApi.me, enabled: !!current });
  const can = (permission: TeamPermission) => !!query.data?.permissions.includes(permission);
  return { me: query.data ?? null, loading: query.isLoading, error: query.error, can };
}

/** YYYY/MM/DD HH:mm (core formatDate). */
export const formatTime = (ms: number) => formatDate(ms, true);
