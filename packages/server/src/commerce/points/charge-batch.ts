import type SQLite from 'better-sqlite3';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { BucketKind } from './tables.ts';

/**
 * The batched charge writer for SQLite (issue 16: 1,000 concurrent charges ran at a few percent of
 * the bare transaction's rate). Charges that arrive in the same turn of the event loop are written
 * in ONE write transaction (BEGIN IMMEDIATE ... COMMIT) with prepared statements run synchronously
 * on the connection Kysely holds for us, each charge inside a savepoint of its own:
 *
 * - every charge is still its own `spend` ledger row with its `point_spends`, and the balance moves
 *   only together with that row (the same statements, in the same order, as `chargeIn`);
 * - a charge that fails (not enough points, a broken invariant) rolls back its savepoint alone and
 *   rejects its own promise; the others of the batch commit;
 * - nothing is answered before COMMIT: if the commit fails, every charge of the batch rejects;
 * - idempotency per (refType, refId) holds inside a batch too (the second sees the first's row).
 *
 * Only `charge(db, ...)` (a charge that is its own cause) goes through here; `chargeIn` inside a
 * caller's transaction keeps the Kysely path. The rules are those of ledger.ts; ledger.test.ts and
 * ledger.property.test.ts run through this writer on SQLite.
 */
export interface BatchedCharge {
  userId: string;
  cost: number;
  refType: string;
  refId: string;
  note?: string;
}
type Result = { charged: boolean; balance: number };
interface Pending {
  input: BatchedCharge;
  resolve: (r: Result) => void;
  reject: (e: unknown) => void;
}

const MAX_BATCH = 512;
export const SPEND_ORDER: Record<BucketKind, number> = { topup: 0, package: 1, free: 2 };

function statementsFor(sqlite: SQLite.Database) {
  const p = (sql: string) => sqlite.prepare(sql);
  return {
    begin: p('BEGIN IMMEDIATE'),
    commit: p('COMMIT'),
    rollback: p('ROLLBACK'),
    savepoint: p('SAVEPOINT charge'),
    release: p('RELEASE charge'),
    rollbackTo: p('ROLLBACK TO charge'),
    findSpend: p(`select id from point_ledger where reason = 'spend' and ref_type = ? and ref_id = ?`).pluck(),
    balance: p('select balance from point_accounts where user_id = ?').pluck(),
    due: p(
      'select id, remaining from point_buckets where user_id = ? and remaining > 0 and expires_at is not null and expires_at <= ? order by id',
    ),
    zeroBucket: p('update point_buckets set remaining = 0 where id = ?'),
    decrement: p(
      'update point_accounts set balance = balance - ?, updated_at = ? where user_id = ? and balance >= ? returning balance',
    ).pluck(),
    ledger: p(
      'insert into point_ledger (user_id, delta, reason, ref_type, ref_id, balance_after, note, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    spendable: p(
      'select id, kind, remaining, expires_at from point_buckets where user_id = ? and remaining > 0 and (expires_at is null or expires_at > ?)',
    ),
    take: p('update point_buckets set remaining = remaining - ? where id = ?'),
    spend: p('insert into point_spends (ledger_id, bucket_id, amount) values (?, ?, ?)'),
  };
}
type Statements = ReturnType<typeof statementsFor>;

const prepared = new WeakMap<SQLite.Database, Statements>();
const queues = new WeakMap<Db, { pending: Pending[]; scheduled: boolean }>();

/** One charge, synchronously, inside the open transaction: chargeIn's steps as prepared statements. */
function chargeNow(s: Statements, input: BatchedCharge, now: number): Result {
  const { userId, cost } = input;
  const seen = s.findSpend.get(input.refType, input.refId) !== undefined;
  let balance = (s.balance.get(userId) as number | undefined) ?? 0;
  // Expire what has lapsed first (one expiry row per bucket), exactly as expireBucketsIn does.
  for (const bucket of s.due.all(userId, now) as Array<{ id: number; remaining: number }>) {
    s.zeroBucket.run(bucket.id);
    const after = s.decrement.get(bucket.remaining, now, userId, bucket.remaining) as number | undefined;
    if (after === undefined) throw new Error(`balance of ${userId} does not cover -${bucket.remaining} (expiry)`);
    s.ledger.run(userId, -bucket.remaining, 'expiry', 'bucket', String(bucket.id), after, null, now);
    balance = after;
  }
  if (seen) return { charged: false, balance };
  if (cost === 0) return { charged: true, balance };
  if (balance < cost) throw new AppError('notEnoughCoins');
  const after = s.decrement.get(cost, now, userId, cost) as number | undefined;
  if (after === undefined) throw new AppError('notEnoughCoins');
  const ledgerId = Number(
    s.ledger.run(userId, -cost, 'spend', input.refType, input.refId, after, input.note ?? null, now).lastInsertRowid,
  );
  const buckets = s.spendable.all(userId, now) as Array<{
    id: number;
    kind: BucketKind;
    remaining: number;
    expires_at: number | null;
  }>;
  buckets.sort(
    (a, b) =>
      SPEND_ORDER[a.kind] - SPEND_ORDER[b.kind] ||
      (a.expires_at ?? Number.POSITIVE_INFINITY) - (b.expires_at ?? Number.POSITIVE_INFINITY) ||
      a.id - b.id,
  );
  let left = cost;
  for (const bucket of buckets) {
    if (left === 0) break;
    const take = Math.min(left, bucket.remaining);
    s.take.run(take, bucket.id);
    s.spend.run(ledgerId, bucket.id, take);
    left -= take;
  }
  if (left > 0) throw new Error(`point buckets of ${userId} hold less than the balance`);
  return { charged: true, balance: after };
}

/** Writes one batch in one transaction; answers each charge's outcome (only after COMMIT). */
function writeBatch(sqlite: SQLite.Database, s: Statements, batch: Pending[]): Outcome[] {
  const now = Date.now();
  const outcomes: Outcome[] = [];
  s.begin.run();
  try {
    for (const { input } of batch) {
      s.savepoint.run();
      try {
        outcomes.push({ ok: true, value: chargeNow(s, input, now) });
        s.release.run();
      } catch (error) {
        s.rollbackTo.run();
        s.release.run();
        outcomes.push({ ok: false, error });
      }
    }
    s.commit.run();
  } catch (error) {
    if (sqlite.inTransaction) s.rollback.run();
    throw error;
  }
  return outcomes;
}

type Outcome = { ok: true; value: Result } | { ok: false; error: unknown };
type Writer = (batch: Pending[]) => Promise<Outcome[]>;

async function flush(db: Db, write: Writer) {
  const queue = queues.get(db);
  if (!queue) return;
  const batch = queue.pending.splice(0, MAX_BATCH);
  try {
    const outcomes = await write(batch);
    outcomes.forEach((o, i) => {
      const p = batch[i] as Pending;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  } catch (error) {
    for (const p of batch) p.reject(error);
  } finally {
    if (queue.pending.length > 0) setImmediate(() => void flush(db, write));
    else queue.scheduled = false;
  }
}

/** Queues a charge for the next batch of this database, written by `write`. */
function enqueue(db: Db, input: BatchedCharge, write: Writer): Promise<Result> {
  if (!Number.isInteger(input.cost) || input.cost < 0)
    return Promise.reject(new Error(`charge cost must be a non-negative integer: ${input.cost}`));
  let queue = queues.get(db);
  if (!queue) {
    queue = { pending: [], scheduled: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<Result>((resolve, reject) => {
    q.pending.push({ input, resolve, reject });
    if (!q.scheduled) {
      q.scheduled = true;
      setImmediate(() => void flush(db, write));
    }
  });
}

const sqliteWriters = new WeakMap<Db, Writer>();

/** SQLite: the batch in one BEGIN IMMEDIATE transaction, holding Kysely's (single) connection. */
export function chargeBatched(db: Db, sqlite: SQLite.Database, input: BatchedCharge): Promise<Result> {
  let write = sqliteWriters.get(db);
  if (!write) {
    write = (batch) =>
      // Holding Kysely's connection: no other query of this process runs in between.
      db.connection().execute(async () => {
        let s = prepared.get(sqlite);
        if (!s) {
          s = statementsFor(sqlite);
          prepared.set(sqlite, s);
        }
        return writeBatch(sqlite, s, batch);
      });
    sqliteWriters.set(db, write);
  }
  return enqueue(db, input, write);
}

const pgWriters = new WeakMap<Db, Writer>();

/** PostgreSQL: the batch planned in memory and written with a few set-based statements (charge-batch-pg.ts). */
export function chargeBatchedPg(db: Db, input: BatchedCharge, write: (db: Db, batch: BatchedCharge[]) => Promise<Outcome[]>) {
  let writer = pgWriters.get(db);
  if (!writer) {
    writer = (batch) =>
      write(
        db,
        batch.map((p) => p.input),
      );
    pgWriters.set(db, writer);
  }
  return enqueue(db, input, writer);
}
export type { Outcome as BatchOutcome, Result as BatchResult };
