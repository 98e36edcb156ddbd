import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type BatchedCharge, type BatchOutcome, type BatchResult, SPEND_ORDER } from './charge-batch.ts';
import type { BucketKind } from './tables.ts';

/**
 * The batched charge writer for PostgreSQL (issue 16). One charge through `chargeIn` costs about
 * nine round trips; a batch of concurrent charges here costs seven in all:
 *
 * 1. lock the accounts of every user in the batch (FOR UPDATE, in user id order: no deadlocks with
 *    other batches or with `chargeIn`, which locks the same row first);
 * 2. read which causes are already charged, and the users' buckets holding points;
 * 3. plan every charge in memory with chargeIn's rules (lapsed buckets expire first, each with its
 *    expiry row; spend order top-up, package, free, earliest expiry first; a charge the balance
 *    does not cover is refused alone; a cause charged twice answers `charged: false`);
 * 4. write the ledger rows, the spends, the buckets and the balances with one statement each.
 *
 * Every charge is still its own ledger row, written in the same transaction as the balance change.
 * If the batch transaction fails for any reason (a unique cause written by another process in the
 * meantime, a broken invariant), nothing of it is committed and every charge of the batch is
 * retried alone through `chargeIn`, so one bad charge cannot fail the others.
 */
interface Bucket {
  id: number;
  user_id: string;
  kind: BucketKind;
  remaining: number;
  expires_at: number | null;
}
interface LedgerRow {
  user_id: string;
  delta: number;
  reason: 'spend' | 'expiry';
  ref_type: string;
  ref_id: string;
  balance_after: number;
  note: string | null;
  created_at: number;
  spends: Array<{ bucket_id: number; amount: number }>;
}

const causeKey = (reason: string, refType: string, refId: string) => `${reason}\u0000${refType}\u0000${refId}`;

async function writeBatch(db: Db, batch: BatchedCharge[]): Promise<BatchOutcome[]> {
  const now = Date.now();
  const users = [...new Set(batch.map((c) => c.userId))].sort();
  return db.transaction().execute(async (trx) => {
    const accounts = await sql<{ user_id: string; balance: number }>`
      select user_id, balance from point_accounts where user_id = any(${users}::text[]) order by user_id for update`.execute(trx);
    const seenRows = await sql<{ ref_type: string; ref_id: string }>`
      select ref_type, ref_id from point_ledger where reason = 'spend'
      and (ref_type, ref_id) in (select * from unnest(${batch.map((c) => c.refType)}::text[], ${batch.map((c) => c.refId)}::text[]))`.execute(
      trx,
    );
    const bucketRows = await sql<Bucket>`
      select id, user_id, kind, remaining, expires_at from point_buckets
      where user_id = any(${users}::text[]) and remaining > 0 order by id`.execute(trx);

    const balance = new Map<string, number>(accounts.rows.map((a) => [a.user_id, Number(a.balance)]));
    const startBalance = new Map(balance);
    const seen = new Set(seenRows.rows.map((r) => causeKey('spend', r.ref_type, r.ref_id)));
    const buckets = new Map<string, Bucket[]>();
    for (const b of bucketRows.rows) {
      const list = buckets.get(b.user_id) ?? [];
      list.push({
        ...b,
        id: Number(b.id),
        remaining: Number(b.remaining),
        expires_at: b.expires_at === null ? null : Number(b.expires_at),
      });
      buckets.set(b.user_id, list);
    }
    const touched = new Map<number, Bucket>();
    const ledger: LedgerRow[] = [];
    const expired = new Set<string>();

    const outcomes: BatchOutcome[] = batch.map((c) => {
      let bal = balance.get(c.userId) ?? 0;
      const own = buckets.get(c.userId) ?? [];
      if (!expired.has(c.userId)) {
        expired.add(c.userId);
        for (const b of own) {
          if (b.expires_at === null || b.expires_at > now || b.remaining === 0) continue;
          if (bal < b.remaining) throw new Error(`balance of ${c.userId} does not cover -${b.remaining} (expiry)`);
          bal -= b.remaining;
          ledger.push({
            user_id: c.userId,
            delta: -b.remaining,
            reason: 'expiry',
            ref_type: 'bucket',
            ref_id: String(b.id),
            balance_after: bal,
            note: null,
            created_at: now,
            spends: [],
          });
          b.remaining = 0;
          touched.set(b.id, b);
        }
        balance.set(c.userId, bal);
      }
      const key = causeKey('spend', c.refType, c.refId);
      if (seen.has(key)) return { ok: true, value: { charged: false, balance: bal } };
      if (c.cost === 0) return { ok: true, value: { charged: true, balance: bal } };
      if (bal < c.cost) return { ok: false, error: new AppError('notEnoughCoins') };
      const usable = own
        .filter((b) => b.remaining > 0 && (b.expires_at === null || b.expires_at > now))
        .sort(
          (a, b) =>
            SPEND_ORDER[a.kind] - SPEND_ORDER[b.kind] ||
            (a.expires_at ?? Number.POSITIVE_INFINITY) - (b.expires_at ?? Number.POSITIVE_INFINITY) ||
            a.id - b.id,
        );
      const spends: LedgerRow['spends'] = [];
      let left = c.cost;
      for (const b of usable) {
        if (left === 0) break;
        const take = Math.min(left, b.remaining);
        spends.push({ bucket_id: b.id, amount: take });
        left -= take;
      }
      if (left > 0) return { ok: false, error: new Error(`point buckets of ${c.userId} hold less than the balance`) };
      for (const s of spends) {
        const b = usable.find((u) => u.id === s.bucket_id) as Bucket;
        b.remaining -= s.amount;
        touched.set(b.id, b);
      }
      bal -= c.cost;
      balance.set(c.userId, bal);
      seen.add(key);
      ledger.push({
        user_id: c.userId,
        delta: -c.cost,
        reason: 'spend',
        ref_type: c.refType,
        ref_id: c.refId,
        balance_after: bal,
        note: c.note ?? null,
        created_at: now,
        spends,
      });
      return { ok: true, value: { charged: true, balance: bal } };
    });

    if (ledger.length > 0) {
      const ids = await trx
        .insertInto('point_ledger')
        .values(ledger.map(({ spends: _, ...row }) => row))
        .returning(['id', 'reason', 'ref_type', 'ref_id'])
        .execute();
      const idOf = new Map(ids.map((r) => [causeKey(r.reason, r.ref_type, r.ref_id), Number(r.id)]));
      const spends = ledger.flatMap((row) =>
        row.spends.map((s) => ({ ledger_id: idOf.get(causeKey(row.reason, row.ref_type, row.ref_id)) as number, ...s })),
      );
      if (spends.length > 0) await trx.insertInto('point_spends').values(spends).execute();
      const changed = [...touched.values()];
      await sql`update point_buckets as b set remaining = v.r
        from unnest(${changed.map((b) => b.id)}::bigint[], ${changed.map((b) => b.remaining)}::int[]) as v(id, r)
        where b.id = v.id`.execute(trx);
      const moved = users.filter((u) => balance.get(u) !== startBalance.get(u));
      await sql`update point_accounts as a set balance = v.b, updated_at = ${now}
        from unnest(${moved}::text[], ${moved.map((u) => balance.get(u) as number)}::int[]) as v(u, b)
        where a.user_id = v.u`.execute(trx);
    }
    return outcomes;
  });
}

/** The ledger's single charge (ledger.ts passes it in: the ledger builds on this file, not the reverse). */
type ChargeOne = (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], charge: BatchedCharge) => Promise<BatchResult>;

/** Writes a batch; when the batch transaction fails, each charge is retried alone through `chargeIn`. */
export async function writeChargeBatchPg(db: Db, batch: BatchedCharge[], chargeIn: ChargeOne): Promise<BatchOutcome[]> {
  try {
    return await writeBatch(db, batch);
  } catch {
    return Promise.all(
      batch.map((c) =>
        writeTransaction(db, (trx) => chargeIn(trx, c)).then(
          (value): BatchOutcome => ({ ok: true, value }),
          (error): BatchOutcome => ({ ok: false, error }),
        ),
      ),
    );
  }
}
