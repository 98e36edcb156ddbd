import type { LedgerReason } from '@productimage/core';
import type { Generated } from 'kysely';

/**
 * The points ledger (the design; spec 000 §9, DESIGN.md "Money is points").
 *
 * - point_buckets: where points sit. A bucket has a kind that fixes its spend priority
 *   (topup first, then package, then free), an optional expiry, and what is left in it.
 * - point_ledger: append-only; one row per balance change with the balance after it. The sum of
 *   deltas equals the balance. (reason, ref_type, ref_id) is unique for idempotent causes such as a
 *   charge or refund of one task, a monthly grant of one period, or the one free grant of a user.
 * - point_spends: which buckets a spend drew from, so a refund returns points to the same buckets.
 * - point_accounts: the cached balance per user, changed only together with a ledger row; a charge
 *   is a conditional decrement (`balance >= cost`) so no concurrency can take it below zero.
 */
export type BucketKind = 'topup' | 'package' | 'free';

export interface PointsTables {
  point_accounts: { user_id: string; balance: number; updated_at: number };
  point_buckets: {
    id: Generated<number>;
    user_id: string;
    kind: BucketKind;
    amount: number;
    remaining: number;
    expires_at: number | null;
    ref_type: string;
    ref_id: string;
    created_at: number;
  };
  point_ledger: {
    id: Generated<number>;
    user_id: string;
    delta: number;
    reason: LedgerReason;
    ref_type: string;
    ref_id: string;
    balance_after: number;
    note: string | null;
    /** The cause a row is one part of (`batch:<id>`): the history shows such rows as one line. */
    group_ref: string | null;
    created_at: number;
  };
  point_spends: {
    id: Generated<number>;
    ledger_id: number;
    bucket_id: number;
    amount: number;
  };
}
