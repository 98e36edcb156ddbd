import type { LedgerReason } from '@productimage/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Trx = Transaction<Database>;

export interface Change {
  userId: string;
  delta: number;
  reason: LedgerReason;
  refType: string;
  refId: string;
  note?: string | null;
  /** One cause of many rows (a batch): listed as one line (history.ts). */
  groupRef?: string | null;
  now: number;
}

/** The ledger row of a cause, if it was already recorded ((reason, refType, refId) is unique). */
export function findEntry(trx: Trx, reason: LedgerReason, refType: string, refId: string) {
  return trx
    .selectFrom('point_ledger')
    .select(['id', 'user_id'])
    .where('reason', '=', reason)
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
}

/** How many ledger rows of this reason the user has had since `since` (e.g. invite rewards today, for their cap). */
export async function countEntriesSince(trx: Trx, userId: string, reason: LedgerReason, since: number): Promise<number> {
  const row = await trx
    .selectFrom('point_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('reason', '=', reason)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one way a balance changes: moves the user's cached balance by `delta` and appends the ledger
 * row with the balance after it, in the caller's transaction (the same one as the cause). A negative
 * delta applies only while the balance covers it: answers null otherwise and changes nothing.
 * A zero delta writes the row alone (a cause that shows in the history without moving points).
 */
export async function recordChange(trx: Trx, change: Change): Promise<{ ledgerId: number; balance: number } | null> {
  let balance: number;
  if (change.delta === 0) {
    const row = await trx.selectFrom('point_accounts').select('balance').where('user_id', '=', change.userId).executeTakeFirst();
    balance = row?.balance ?? 0;
  } else {
    if (change.delta > 0) {
      await trx
        .insertInto('point_accounts')
        .values({ user_id: change.userId, balance: 0, updated_at: change.now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    const account = await trx
      .updateTable('point_accounts')
      .set((eb) => ({ balance: eb('balance', '+', change.delta), updated_at: change.now }))
      .where('user_id', '=', change.userId)
      .$if(change.delta < 0, (qb) => qb.where('balance', '>=', -change.delta))
      .returning('balance')
      .executeTakeFirst();
    if (!account) return null;
    balance = account.balance;
  }
  const row = await trx
    .insertInto('point_ledger')
    .values({
      user_id: change.userId,
      delta: change.delta,
      reason: change.reason,
      ref_type: change.refType,
      ref_id: change.refId,
      balance_after: balance,
      note: change.note ?? null,
      group_ref: change.groupRef ?? null,
      created_at: change.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ledgerId: Number(row.id), balance };
}

/** For changes that the caller has already proven covered: a refusal here means broken invariants. */
export async function recordCovered(trx: Trx, change: Change): Promise<{ ledgerId: number; balance: number }> {
  const done = await recordChange(trx, change);
  if (!done) throw new Error(`balance of ${change.userId} does not cover ${change.delta} (${change.reason})`);
  return done;
}
