import { type TeamPermission, type TeamRole, teamRoleCan } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import { tenantOfUser } from '../../identity/accounts/users.ts';
import { isOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';

export interface TeamMember {
  userId: string;
  tenantId: string;
  role: TeamRole;
}

/**
 * The user's role in the tenant: console operators of the tenant count as owner, else the
 * team_roles row, else member (every user of a tenant is at least a member of its team).
 * Answers null when the user does not belong to the tenant.
 */
export async function teamRoleOf(ctx: AppContext, userId: string, tenantId: string): Promise<TeamRole | null> {
  if ((await tenantOfUser(ctx.db, userId)) !== tenantId) return null;
  if (await isOperator(ctx, userId, tenantId)) return 'owner';
  const row = await ctx.db
    .selectFrom('team_roles')
    .select('role')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? 'member';
}

/**
 * The logged-in user acting in their own tenant with a role that has the permission
 * (core TEAM_PERMISSIONS); 401 when anonymous, 403 otherwise. Every management route calls it.
 */
export async function requireTeamPermission(
  ctx: AppContext,
  request: FastifyRequest,
  permission: TeamPermission,
): Promise<TeamMember> {
  const user = requireUser(request);
  const role = await teamRoleOf(ctx, user.id, user.tenantId);
  if (!role || !teamRoleCan(role, permission)) throw new AppError('forbidden');
  return { userId: user.id, tenantId: user.tenantId, role };
}
