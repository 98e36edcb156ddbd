import crypto from 'node:crypto';
import { type AssignableTeamRole, TEAM_ROLES, type TeamRole, type Tier } from '@productimage/core';
import { tiersAndPointsOf } from '../../commerce/membership/benefit.ts';
import { monthlyPointsOf } from '../../commerce/membership/products.ts';
import { activatePackageIn } from '../../commerce/membership/subscriptions.ts';
import { adjustPoints } from '../../commerce/points/adjust.ts';
import { findUserById, pageUsers } from '../../identity/accounts/users.ts';
import type { Operator } from '../../identity/operators/operators.ts';
import { tenantRow } from '../../identity/tenants/records.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Paging } from '../../platform/http/paging.ts';
import { maskPhone, moveUserToTenant, putRole, rolesOfMembers } from '../team/members.ts';
import { isPlatform } from './tenants.ts';

/** Users an operator manages: their tenant's (platform operators: any tenant, filterable). */
export async function listUsers(ctx: AppContext, operator: Operator, query: Paging & { keyword?: string; tenantId?: string }) {
  const tenantId = isPlatform(operator) ? query.tenantId : operator.tenantId;
  const { rows, total } = await pageUsers(ctx.db, { tenantId, keyword: query.keyword }, query, 'desc');
  const roles = await rolesOfMembers(
    ctx.db,
    rows.map((r) => ({ userId: r.id, tenantId: r.tenant_id })),
  );
  const benefits = await tiersAndPointsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => {
    const benefit = benefits.get(r.id);
    const role = roles.get(r.id);
    return {
      id: r.id,
      tenantId: r.tenant_id,
      userName: r.user_name,
      phone: maskPhone(r.phone),
      account: r.phone ?? r.email ?? '',
      email: r.email,
      tier: benefit?.tier ?? 'free',
      points: benefit?.points ?? 0,
      role: role ?? 'member',
      createdAt: Number(r.created_at),
    };
  });
  return { list, total };
}

async function managedUser(ctx: AppContext, operator: Operator, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || (!isPlatform(operator) && user.tenant_id !== operator.tenantId)) throw new AppError('accountNotFound');
  return user;
}

/** A points grant with its reason (the ledger row's note) and an audit row. */
export async function grantUserPoints(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  amount: number,
  note: string,
  validityDays?: number,
) {
  const user = await managedUser(ctx, operator, userId);
  const id = await adjustPoints(ctx.db, user.id, { amount, note, validityDays });
  await recordAudit(ctx.db, {
    tenantId: user.tenant_id,
    actorId: operator.userId,
    action: 'console.user.points',
    target: user.id,
    detail: { amount, note, ledgerRef: id },
  });
  return id;
}

/**
 * Sets a user's team role (owner included: the console names a tenant's first owner); platform
 * operators may also move the account into another tenant.
 */
export async function setUserTeam(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  change: { role: TeamRole | AssignableTeamRole; tenantId?: string },
) {
  const user = await managedUser(ctx, operator, userId);
  if (!TEAM_ROLES.includes(change.role)) throw new AppError('badRequest');
  const tenantId = change.tenantId ?? user.tenant_id;
  if (tenantId !== user.tenant_id) {
    if (!isPlatform(operator)) throw new AppError('forbidden');
    if (!(await tenantRow(ctx.db, tenantId))) throw new AppError('badRequest');
  }
  await writeTransaction(ctx.db, async (trx) => {
    if (tenantId !== user.tenant_id) {
      await moveUserToTenant(trx, user.id, tenantId);
    }
    await putRole(trx, tenantId, user.id, change.role);
    await recordAudit(trx, {
      tenantId,
      actorId: operator.userId,
      action: 'console.user.team',
      target: user.id,
      detail: { role: change.role, fromTenant: user.tenant_id, toTenant: tenantId },
    });
  });
}

/**
 * Gives a user a paid tier for some months (a courtesy or an offline contract): a package like a
 * paid one (upgrade: what they had ends now), the tier's monthly points of the configured reading,
 * worth 0 so it never counts towards an upgrade credit; audited with the reason, same transaction.
 */
export async function grantTier(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  input: { tier: Exclude<Tier, 'free'>; months: number; note: string },
) {
  const user = await managedUser(ctx, operator, userId);
  return writeTransaction(ctx.db, async (trx) => {
    const sub = await activatePackageIn(trx, {
      userId: user.id,
      tier: input.tier,
      months: input.months,
      monthlyPoints: monthlyPointsOf(input.tier, ctx.config.MONTHLY_POINTS_READING),
      valueCents: 0,
      productId: null,
      orderNo: `console-${crypto.randomUUID()}`,
      upgrade: true,
    });
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      actorId: operator.userId,
      action: 'console.user.tier',
      target: user.id,
      detail: { tier: input.tier, months: input.months, note: input.note },
    });
    return { id: sub.id, endAt: Number(sub.end_at) };
  });
}
