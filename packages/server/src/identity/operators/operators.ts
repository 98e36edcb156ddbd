import { DEFAULT_TENANT_FLAGS } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findUserByAccount, findUserById } from '../accounts/users.ts';

/**
 * Operators act for one tenant: the tenant of their own account. A user is an operator of it when
 * the operators table says so (`npm run operator -- <phone-or-email>`) or when their phone or e-mail
 * is listed in OPERATOR_ACCOUNTS. Everything an operator reads or writes is scoped to that tenant.
 */
export interface Operator {
  userId: string;
  tenantId: string;
}

/** Accounts named in OPERATOR_ACCOUNTS (comma-separated phones / e-mail addresses), lower-cased. */
function configuredAccounts(ctx: AppContext): Set<string> {
  return new Set(
    ctx.config.OPERATOR_ACCOUNTS.split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
  );
}

export async function isOperator(ctx: AppContext, userId: string, tenantId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('operators')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (row) return true;
  const listed = configuredAccounts(ctx);
  if (listed.size === 0) return false;
  const user = await findUserById(ctx.db, userId);
  return !!user && ((!!user.phone && listed.has(user.phone)) || (!!user.email && listed.has(user.email.toLowerCase())));
}

/** The logged-in operator and their tenant; 401 when anonymous, 403 for everyone else. */
export async function requireOperator(ctx: AppContext, request: FastifyRequest): Promise<Operator> {
  const user = requireUser(request);
  if (!(await isOperator(ctx, user.id, user.tenantId))) throw new AppError('forbidden');
  return { userId: user.id, tenantId: user.tenantId };
}

/** Makes the account an operator of its own tenant (idempotent); answers the tenant, or null when no such account. */
export async function grantOperator(db: Db, account: string): Promise<{ userId: string; tenantId: string } | null> {
  const normalised = account.trim().toLowerCase();
  const user = await findUserByAccount(db, normalised);
  if (!user) return null;
  await db
    .insertInto('operators')
    .values({ user_id: user.id, tenant_id: user.tenant_id, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
  return { userId: user.id, tenantId: user.tenant_id };
}

/** Removes the account's operator rights; answers whether it had any. */
export async function revokeOperator(db: Db, account: string): Promise<boolean> {
  const normalised = account.trim().toLowerCase();
  const user = await findUserByAccount(db, normalised);
  if (!user) return false;
  const result = await db.deleteFrom('operators').where('user_id', '=', user.id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Billing rights on top of the operators: an operator acts for their own tenant (its users' orders,
 * refunds, adjustments), while the product catalogue and the service contact are the platform's
 * and belong to operators of the default tenant.
 */
export async function requirePlatformOperator(request: FastifyRequest, ctx: AppContext): Promise<Operator> {
  const operator = await requireOperator(ctx, request);
  if (operator.tenantId !== DEFAULT_TENANT_FLAGS.tenantId) throw new AppError('forbidden');
  return operator;
}

/** A target account for an operator: it must belong to the operator's tenant. */
export function checkSameTenant<T extends { tenant_id: string }>(operator: Operator, target: T | undefined): T {
  if (!target) throw new AppError('accountNotFound');
  if (target.tenant_id !== operator.tenantId) throw new AppError('accountNotFound');
  return target;
}

/** The accounts that are console operators of a tenant (the team shows them as owners). */
export async function operatorIdsOf(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('operators').select('user_id').where('tenant_id', '=', tenantId).execute();
  return new Set(rows.map((r) => r.user_id));
}
