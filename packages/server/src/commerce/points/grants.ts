import type { LedgerReason } from '@productimage/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findEntry, recordCovered } from './entries.ts';
import type { BucketKind } from './tables.ts';

export interface GrantInput {
  userId: string;
  amount: number;
  kind: BucketKind;
  reason: LedgerReason;
  refType: string;
  refId: string;
  expiresAt?: number | null;
  note?: string;
}

/**
 * Adds points in a new bucket with its ledger row, inside the caller's transaction (the same one
 * as the cause). Idempotent per (reason, refType, refId): a repeated grant of the same cause is a
 * no-op and answers false.
 */
export async function grantPoints(trx: Transaction<Database>, input: GrantInput): Promise<boolean> {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new Error(`grant amount must be a positive integer: ${input.amount}`);
  const now = Date.now();
  if (await findEntry(trx, input.reason, input.refType, input.refId)) return false;
  await trx
    .insertInto('point_buckets')
    .values({
      user_id: input.userId,
      kind: input.kind,
      amount: input.amount,
      remaining: input.amount,
      expires_at: input.expiresAt ?? null,
      ref_type: input.refType,
      ref_id: input.refId,
      created_at: now,
    })
    .execute();
  await recordCovered(trx, { ...input, delta: input.amount, now });
  return true;
}

/** The spendable balance of a user (0 when they never had points). */
export async function balanceOf(db: Pick<Transaction<Database>, 'selectFrom'>, userId: string): Promise<number> {
  const row = await db.selectFrom('point_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}
