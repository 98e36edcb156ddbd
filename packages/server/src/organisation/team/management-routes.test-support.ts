import crypto from 'node:crypto';
import type { TeamPermission, TeamRole } from '@productimage/core';
import { createUser } from '../../identity/accounts/users.ts';
import type { AppContext } from '../../platform/context.ts';
import { createInvitation } from './invitations.ts';
import { putRole } from './members.ts';
import { allocate, topUpPool } from './pool.ts';

/** A tenant the role matrix test built: its id and an owner acting in it. */
export interface ManagementFixture {
  ctx: AppContext;
  tenantId: string;
  /** A user of the tenant with the owner role (to create rows a request then names). */
  ownerId: string;
}

/**
 * A management route as the role matrix test (team/role-matrix.test.ts) calls it. Every domain with
 * team management routes exports a list of these (team, audit-log, KOS...); the test tries each one
 * with every role of the fixture tenant and with an owner of another tenant.
 * - permission: the core TEAM_PERMISSIONS entry the route checks; roles without it must get 403.
 * - request: builds a valid request for the fixture tenant (creating rows it names, fresh per call,
 *   so destructive requests can run once per role).
 * - scope: 'target' when the request names a row of the fixture tenant (an owner of another tenant
 *   must get 403 or 404); 'tenant' when the route acts on the caller's own tenant (an owner of
 *   another tenant succeeds but must see nothing of the fixture tenant).
 */
export interface ManagementRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path as registered, e.g. `/api/team/members/:userId/role`. */
  route: string;
  permission: TeamPermission;
  scope: 'target' | 'tenant';
  request: (fx: ManagementFixture) => Promise<{ url: string; body?: unknown }>;
  /**
   * What an allowed role gets, when not 200: e.g. 503 for a route that needs an engine the test
   * server does not configure (the role check comes first, so denied roles still get 403).
   */
  allowedStatus?: number;
}

async function newMember(fx: ManagementFixture, role?: TeamRole): Promise<string> {
  const id = await createUser(fx.ctx.db, {
    phone: `17${crypto.randomInt(0, 1e9).toString().padStart(9, '0')}`,
    tenantId: fx.tenantId,
  });
  if (role) await putRole(fx.ctx.db, fx.tenantId, id, role);
  return id;
}

/** The team domain's management routes (members, invitations, tenant settings, points pool, audit log). */
export const teamManagementRoutes: ManagementRoute[] = [
  {
    method: 'GET',
    route: '/api/team/members',
    permission: 'manageMembers',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/members' }),
  },
  {
    method: 'PUT',
    route: '/api/team/members/:userId/role',
    permission: 'manageMembers',
    scope: 'target',
    request: async (fx) => ({ url: `/api/team/members/${await newMember(fx, 'operator')}/role`, body: { role: 'member' } }),
  },
  {
    method: 'DELETE',
    route: '/api/team/members/:userId',
    permission: 'manageMembers',
    scope: 'target',
    request: async (fx) => ({ url: `/api/team/members/${await newMember(fx)}` }),
  },
  {
    method: 'POST',
    route: '/api/team/ownership',
    permission: 'transferOwnership',
    scope: 'target',
    request: async (fx) => ({ url: '/api/team/ownership', body: { userId: await newMember(fx) } }),
  },
  {
    method: 'GET',
    route: '/api/team/invitations',
    permission: 'inviteMembers',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/invitations' }),
  },
  {
    method: 'POST',
    route: '/api/team/invitations',
    permission: 'inviteMembers',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/invitations', body: { role: 'member', kind: 'link' } }),
  },
  {
    method: 'DELETE',
    route: '/api/team/invitations/:id',
    permission: 'inviteMembers',
    scope: 'target',
    request: async (fx) => {
      const { id } = await createInvitation(
        fx.ctx,
        { userId: fx.ownerId, tenantId: fx.tenantId, role: 'owner' },
        { role: 'member', kind: 'link' },
      );
      return { url: `/api/team/invitations/${id}` };
    },
  },
  {
    method: 'GET',
    route: '/api/team/tenant',
    permission: 'manageTenant',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/tenant' }),
  },
  {
    method: 'PUT',
    route: '/api/team/tenant',
    permission: 'manageTenant',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/tenant', body: { hideInvite: true } }),
  },
  {
    method: 'GET',
    route: '/api/team/points',
    permission: 'managePoints',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/points' }),
  },
  {
    method: 'POST',
    route: '/api/team/points/allocate',
    permission: 'managePoints',
    scope: 'target',
    request: async (fx) => {
      await topUpPool(fx.ctx, { userId: fx.ownerId, tenantId: fx.tenantId }, fx.tenantId, 5, 'matrix');
      return { url: '/api/team/points/allocate', body: { userId: await newMember(fx), amount: 1, note: 'matrix' } };
    },
  },
  {
    method: 'POST',
    route: '/api/team/points/reclaim',
    permission: 'managePoints',
    scope: 'target',
    request: async (fx) => {
      // Only what the pool handed out can be reclaimed (issue 26): the member gets it from the pool first.
      const userId = await newMember(fx);
      const owner = { userId: fx.ownerId, tenantId: fx.tenantId };
      await topUpPool(fx.ctx, owner, fx.tenantId, 5, 'matrix');
      await allocate(fx.ctx, owner, userId, 5, 'matrix');
      return { url: '/api/team/points/reclaim', body: { userId, amount: 1, note: 'matrix' } };
    },
  },
  {
    method: 'GET',
    route: '/api/team/audit-log',
    permission: 'viewAuditLog',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/audit-log' }),
  },
];
