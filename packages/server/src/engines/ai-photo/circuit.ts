import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { ProviderName } from './provider.ts';
import type { AiPhotoTables } from './tables.ts';

/**
 * A circuit breaker per fashion provider, kept in the database (ai_photo_circuits) so every worker
 * and the console see the same state:
 *
 * - closed: tasks go to the provider; each of its own failures (network, 5xx, time-out, quota, its
 *   error) counts, a success resets the count; CIRCUIT_FAILURES in a row open the circuit;
 * - open: tasks skip the provider (they go to the next of the route) for `seconds`
 *   (AI_PHOTO_CIRCUIT_SECONDS, default 60);
 * - half-open: after that, one task claims the probe (a compare-and-set on `opened_at`, so one task
 *   across all workers); its success closes the circuit, its failure opens it for another interval.
 *   A probe whose worker died is claimable again after the interval.
 *
 * A refusal of the merchant's input (moderation, an unusable picture) says nothing of the provider's
 * health and is not counted.
 */
export const CIRCUIT_FAILURES = 3;

export type CircuitState = 'closed' | 'open' | 'half-open';

type Row = Pick<Selectable<AiPhotoTables['ai_photo_circuits']>, 'failures' | 'opened_at' | 'probing'>;

function stateOf(row: Row | undefined, now: number, seconds: number): CircuitState {
  if (!row || row.opened_at === null) return 'closed';
  if (Number(row.probing) === 1) return 'half-open';
  return now - Number(row.opened_at) >= seconds * 1000 ? 'half-open' : 'open';
}

/** Every provider's circuit as the console shows it. */
export async function circuitStates(
  db: Db,
  seconds: number,
  now = Date.now(),
): Promise<Map<ProviderName, { state: CircuitState; failures: number; openedAt: number | null; lastError: string | null }>> {
  const rows = await db.selectFrom('ai_photo_circuits').selectAll().execute();
  const out = new Map<
    ProviderName,
    { state: CircuitState; failures: number; openedAt: number | null; lastError: string | null }
  >();
  for (const row of rows)
    out.set(row.provider as ProviderName, {
      state: stateOf(row, now, seconds),
      failures: Number(row.failures),
      openedAt: row.opened_at === null ? null : Number(row.opened_at),
      lastError: row.last_error,
    });
  return out;
}

/**
 * Whether a task may try this provider now: `closed` (go), `probe` (go: this task is the half-open
 * probe) or `skip` (open, or another task is probing).
 */
export async function admit(
  db: Db,
  provider: ProviderName,
  seconds: number,
  now = Date.now(),
): Promise<'closed' | 'probe' | 'skip'> {
  const row = await db.selectFrom('ai_photo_circuits').selectAll().where('provider', '=', provider).executeTakeFirst();
  if (!row || row.opened_at === null) return 'closed';
  const openedAt = Number(row.opened_at);
  if (now - openedAt < seconds * 1000) return 'skip';
  // The interval has passed (or a probe's worker died an interval ago): one task claims the probe.
  const claimed = await db
    .updateTable('ai_photo_circuits')
    .set({ opened_at: now, probing: 1, updated_at: now })
    .where('provider', '=', provider)
    .where('opened_at', '=', openedAt)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows ?? 0) > 0 ? 'probe' : 'skip';
}

/** A success closes the circuit and resets the count. */
export async function recordSuccess(db: Db, provider: ProviderName, now = Date.now()): Promise<void> {
  await db
    .insertInto('ai_photo_circuits')
    .values({ provider, failures: 0, opened_at: null, probing: 0, last_error: null, updated_at: now })
    .onConflict((oc) => oc.column('provider').doUpdateSet({ failures: 0, opened_at: null, probing: 0, updated_at: now }))
    .execute();
}

/**
 * One failure of the provider's own: counted; the circuit opens at CIRCUIT_FAILURES in a row, or
 * again at once when the failure was the half-open probe's. Answers true when this failure opened it
 * (the operators are alerted once per opening).
 */
export async function recordFailure(db: Db, provider: ProviderName, error: string, now = Date.now()): Promise<boolean> {
  await db
    .insertInto('ai_photo_circuits')
    .values({ provider, failures: 0, opened_at: null, probing: 0, last_error: null, updated_at: now })
    .onConflict((oc) => oc.column('provider').doNothing())
    .execute();
  await db
    .updateTable('ai_photo_circuits')
    .set((eb) => ({ failures: eb('failures', '+', 1), last_error: error.slice(0, 300), updated_at: now }))
    .where('provider', '=', provider)
    .execute();
  // A probe that failed opens the circuit for another interval.
  const reopened = await db
    .updateTable('ai_photo_circuits')
    .set({ opened_at: now, probing: 0 })
    .where('provider', '=', provider)
    .where('probing', '=', 1)
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows ?? 0) > 0) return false;
  const opened = await db
    .updateTable('ai_photo_circuits')
    .set({ opened_at: now })
    .where('provider', '=', provider)
    .where('opened_at', 'is', null)
    .where('failures', '>=', CIRCUIT_FAILURES)
    .executeTakeFirst();
  return Number(opened.numUpdatedRows ?? 0) > 0;
}
