import { type AssignableTeamRole, TEAM_ROLE_RANK, type TeamRole } from '@productimage/core';
import { balancesOf } from '../../commerce/points/balance.ts';
import { pageUsers, setUserTenant, tenantOfUser } from '../../identity/accounts/users.ts';
import { isOperator, operatorIdsOf } from '../../identity/operators/operators.ts';
import { DEFAULT_TENANT_ID } from '../../identity/tenants/store.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Paging } from '../../platform/http/paging.ts';
import type { TeamMember } from './roles.ts';

/** 138****5678: admins see enough of a phone to tell members apart. */
export function maskPhone(phone: string | null): string | null {
  return phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null;
}

/** The tenant's users with their roles (console operators of the tenant show as owner). */
export async function listMembers(ctx: AppContext, tenantId: string, page: Paging & { keyword?: string }) {
  const { rows, total } = await pageUsers(ctx.db, { tenantId, keyword: page.keyword }, page, 'asc');
  const ids = rows.map((r) => r.id);
  const [roles, balances, operators] = await Promise.all([
    rolesIn(ctx.db, tenantId, ids),
    balancesOf(ctx.db, ids),
    operatorIdsOf(ctx.db, tenantId),
  ]);
  return {
    list: rows.map((r) => ({
      userId: r.id,
      userName: r.user_name,
      phone: maskPhone(r.phone),
      email: r.email,
      role: (operators.has(r.id) ? 'owner' : (roles.get(r.id) ?? 'member')) as TeamRole,
      points: balances.get(r.id) ?? 0,
      joinedAt: Number(r.created_at),
    })),
    total,
  };
}

/** A user of the actor's tenant with their current role; 404 for anyone else (other tenants stay invisible). */
async function memberOf(ctx: AppContext, tenantId: string, userId: string): Promise<TeamRole> {
  if ((await tenantOfUser(ctx.db, userId)) !== tenantId) throw new AppError('notFound');
  if (await isOperator(ctx, userId, tenantId)) return 'owner';
  const row = await ctx.db
    .selectFrom('team_roles')
    .select('role')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? 'member';
}

/** Whether `actor` may move someone from `from` to `to`: both strictly below the actor (owners may do all). */
export function mayAssign(actor: TeamRole, from: TeamRole, to: TeamRole): boolean {
  if (actor === 'owner') return from !== 'owner' && to !== 'owner';
  return TEAM_ROLE_RANK[from] < TEAM_ROLE_RANK[actor] && TEAM_ROLE_RANK[to] < TEAM_ROLE_RANK[actor];
}

export async function setRole(ctx: AppContext, actor: TeamMember, userId: string, role: AssignableTeamRole): Promise<void> {
  if (userId === actor.userId) throw new AppError('teamRoleNotAllowed');
  const current = await memberOf(ctx, actor.tenantId, userId);
  if (!mayAssign(actor.role, current, role)) throw new AppError('teamRoleNotAllowed');
  await writeTransaction(ctx.db, async (trx) => {
    await putRole(trx, actor.tenantId, userId, role);
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'member.role',
      target: userId,
      detail: { from: current, to: role },
    });
  });
}

/** Writes a user's role row (member rows are kept too, so the audit trail and listing agree). */
export async function putRole(
  db: Parameters<typeof recordAudit>[0],
  tenantId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('team_roles')
    .values({ tenant_id: tenantId, user_id: userId, role, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ role, updated_at: now }))
    .execute();
}

/**
 * Removes a member from the tenant: their role goes and their account moves to the default tenant
 * (an account always belongs to one tenant). Points stay with the account.
 */
export async function removeMember(ctx: AppContext, actor: TeamMember, userId: string): Promise<void> {
  if (userId === actor.userId) throw new AppError('teamRoleNotAllowed');
  const current = await memberOf(ctx, actor.tenantId, userId);
  if (!mayAssign(actor.role, current, 'member')) throw new AppError('teamRoleNotAllowed');
  await writeTransaction(ctx.db, async (trx) => {
    await moveUserToTenant(trx, userId, DEFAULT_TENANT_ID);
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'member.remove',
      target: userId,
      detail: { role: current },
    });
  });
}

/** The owner hands the ownership to another member and becomes an admin. */
export async function transferOwnership(ctx: AppContext, actor: TeamMember, userId: string): Promise<void> {
  if (userId === actor.userId) throw new AppError('teamRoleNotAllowed');
  const current = await memberOf(ctx, actor.tenantId, userId);
  if (current === 'owner') throw new AppError('teamRoleNotAllowed');
  await writeTransaction(ctx.db, async (trx) => {
    await putRole(trx, actor.tenantId, userId, 'owner');
    // A console operator stays an operator (owner by console rights); an owner by row steps down to admin.
    const own = await trx
      .selectFrom('team_roles')
      .select('role')
      .where('tenant_id', '=', actor.tenantId)
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    if (own?.role === 'owner') await putRole(trx, actor.tenantId, actor.userId, 'admin');
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'member.transferOwnership',
      target: userId,
      detail: { from: current },
    });
  });
}

/**
 * Moves an account into another tenant: its roles in the tenant it leaves go, its points stay with
 * it. The one place for this move (a member removed, an invitation accepted, an operator's console).
 */
export async function moveUserToTenant(trx: Db, userId: string, tenantId: string): Promise<void> {
  await trx.deleteFrom('team_roles').where('user_id', '=', userId).execute();
  await setUserTenant(trx, userId, tenantId);
}

/** The team roles of some users in a tenant (users without a row are members). */
export async function rolesIn(db: Db, tenantId: string, userIds: string[]): Promise<Map<string, TeamRole>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('team_roles')
    .select(['user_id', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.role as TeamRole]));
}

/** The team role of each of these users in their own tenant (a console page spans tenants): one query. */
export async function rolesOfMembers(
  db: Db,
  members: ReadonlyArray<{ userId: string; tenantId: string }>,
): Promise<Map<string, TeamRole>> {
  if (!members.length) return new Map();
  const tenantOf = new Map(members.map((m) => [m.userId, m.tenantId]));
  const rows = await db
    .selectFrom('team_roles')
    .select(['user_id', 'tenant_id', 'role'])
    .where('user_id', 'in', [...tenantOf.keys()])
    .execute();
  return new Map(rows.filter((r) => tenantOf.get(r.user_id) === r.tenant_id).map((r) => [r.user_id, r.role as TeamRole]));
}
