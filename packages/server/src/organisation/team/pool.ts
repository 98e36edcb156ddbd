import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { liveBucketsOf, takeFromBucket } from '../../commerce/points/buckets.ts';
import { recordCovered } from '../../commerce/points/entries.ts';
import { grantPoints } from '../../commerce/points/grants.ts';
import { expireBucketsIn, lockAccount } from '../../commerce/points/ledger.ts';
import { tenantOfUser } from '../../identity/accounts/users.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/schema.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';

/**
 * The enterprise points pool of a tenant (docs/team-and-console.md "Points pool"): console operators
 * fill it; owners and admins hand points from it to members (allowances) and take unused points back.
 * Every move is a pool ledger row and, on the member's side, a points ledger row, all in one
 * transaction. The pool's balance never goes below zero (conditional decrement + CHECK constraint).
 */
type Trx = Transaction<Database>;

/** Only tenants on the enterprise menu set run a pool. */
export async function requireEnterprise(ctx: AppContext, tenantId: string): Promise<void> {
  const tenant = await getTenantOrDefault(ctx.db, tenantId);
  if (tenant.id !== tenantId || tenant.flags.menuSet !== 'enterprise') throw new AppError('forbidden');
}

export async function poolBalance(db: AppContext['db'] | Trx, tenantId: string): Promise<number> {
  const row = await db.selectFrom('team_pools').select('balance').where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

async function movePool(
  trx: Trx,
  tenantId: string,
  delta: number,
  entry: { reason: string; userId: string | null; actorId: string; note: string | null; id: string },
) {
  const now = Date.now();
  await trx
    .insertInto('team_pools')
    .values({ tenant_id: tenantId, balance: 0, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const moved = await trx
    .updateTable('team_pools')
    .set((eb) => ({ balance: eb('balance', '+', delta), updated_at: now }))
    .where('tenant_id', '=', tenantId)
    .where('balance', '>=', delta < 0 ? -delta : 0)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new AppError('teamPoolShort');
  const balanceAfter = await poolBalance(trx, tenantId);
  await trx
    .insertInto('team_pool_ledger')
    .values({
      id: entry.id,
      tenant_id: tenantId,
      delta,
      balance_after: balanceAfter,
      reason: entry.reason,
      user_id: entry.userId,
      actor_id: entry.actorId,
      note: entry.note,
      created_at: now,
    })
    .execute();
  return balanceAfter;
}

async function requireMemberOf(ctx: AppContext, tenantId: string, userId: string) {
  if ((await tenantOfUser(ctx.db, userId)) !== tenantId) throw new AppError('notFound');
}

/**
 * Points between the pool and a member: checks the member is of the actor's tenant, then moves them
 * (`move` answers the pool's new balance) and records the audit row in the same transaction.
 */
async function memberTransfer(
  ctx: AppContext,
  actor: { userId: string; tenantId: string },
  userId: string,
  action: 'points.allocate' | 'points.reclaim',
  detail: { amount: number; note: string },
  move: (trx: Trx, id: string) => Promise<number>,
) {
  await requireMemberOf(ctx, actor.tenantId, userId);
  const id = crypto.randomUUID();
  return writeTransaction(ctx.db, async (trx) => {
    const pool = await move(trx, id);
    await recordAudit(trx, { tenantId: actor.tenantId, actorId: actor.userId, action, target: userId, detail });
    return { id, pool };
  });
}

/** The member-side ledger note: the admin's note and who acted. */
export const memberNote = (note: string, actorId: string) => `${note} [admin ${actorId}]`;

/** Owner/admin: points from the pool to a member's balance (never to the acting admin himself). */
export async function allocate(
  ctx: AppContext,
  actor: { userId: string; tenantId: string },
  userId: string,
  amount: number,
  note: string,
) {
  if (userId === actor.userId) throw new AppError('teamSelfAllocate');
  return memberTransfer(ctx, actor, userId, 'points.allocate', { amount, note }, async (trx, id) => {
    const pool = await movePool(trx, actor.tenantId, -amount, { reason: 'allocate', userId, actorId: actor.userId, note, id });
    await lockAccount(trx, userId);
    await grantPoints(trx, {
      userId,
      amount,
      kind: 'package',
      reason: 'admin_adjust',
      refType: 'team-pool',
      refId: id,
      note: memberNote(note, actor.userId),
    });
    return pool;
  });
}

/**
 * What the tenant's pool handed to a member and the member has not spent: the remaining points of
 * the member's `team-pool` buckets whose allocation row belongs to this tenant's pool.
 */
async function reclaimableBuckets(trx: Trx, tenantId: string, userId: string) {
  const allocations = trx
    .selectFrom('team_pool_ledger')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reason', '=', 'allocate')
    .where('user_id', '=', userId);
  return liveBucketsOf(trx, userId, 'team-pool', allocations, Date.now());
}

/**
 * Owner/admin: unused pool points back from a member to the pool. Only what the pool handed out and
 * the member has not spent (`teamReclaimTooMuch` with the most that can be taken otherwise); the
 * member's own points are never touched.
 */
export async function reclaim(
  ctx: AppContext,
  actor: { userId: string; tenantId: string },
  userId: string,
  amount: number,
  note: string,
) {
  return memberTransfer(ctx, actor, userId, 'points.reclaim', { amount, note }, async (trx, id) => {
    const now = Date.now();
    await expireBucketsIn(trx, userId, now);
    const buckets = await reclaimableBuckets(trx, actor.tenantId, userId);
    const max = buckets.reduce((sum, b) => sum + b.remaining, 0);
    if (amount > max) throw new AppError('teamReclaimTooMuch', { max });
    let left = amount;
    for (const bucket of buckets) {
      if (left === 0) break;
      const take = Math.min(left, bucket.remaining);
      await takeFromBucket(trx, bucket.id, take);
      left -= take;
    }
    await recordCovered(trx, {
      userId,
      delta: -amount,
      reason: 'admin_adjust',
      refType: 'team-reclaim',
      refId: id,
      note: memberNote(note, actor.userId),
      now,
    });
    return movePool(trx, actor.tenantId, amount, { reason: 'reclaim', userId, actorId: actor.userId, note, id });
  });
}

/** Console operator: adds points to a tenant's pool (e.g. after an enterprise contract). */
export async function topUpPool(
  ctx: AppContext,
  actor: { userId: string; tenantId: string },
  tenantId: string,
  amount: number,
  note: string,
) {
  const id = crypto.randomUUID();
  return writeTransaction(ctx.db, async (trx) => {
    const pool = await movePool(trx, tenantId, amount, { reason: 'topup', userId: null, actorId: actor.userId, note, id });
    await recordAudit(trx, {
      tenantId,
      actorId: actor.userId,
      action: 'console.pool.topup',
      target: tenantId,
      detail: { amount, note },
    });
    return { id, pool };
  });
}

export async function poolLedger(ctx: AppContext, tenantId: string, page: Paging) {
  const base = ctx.db.selectFrom('team_pool_ledger').where('tenant_id', '=', tenantId);
  const { rows, total } = await listPage(base, page, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return {
    list: rows.map((r) => ({
      id: r.id,
      delta: Number(r.delta),
      balanceAfter: Number(r.balance_after),
      reason: r.reason,
      userId: r.user_id,
      actorId: r.actor_id,
      note: r.note,
      createdAt: Number(r.created_at),
    })),
    total,
  };
}
