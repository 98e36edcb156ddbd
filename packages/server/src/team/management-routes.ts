import type { TeamPermission } from '@productimage/core';
import type { AppContext } from '../context.ts';

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
}
