import { DAY_MS } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import type { Fidelity } from '../garment-lock/lock.ts';
import { type CostCurrency, type CostSource, PROVIDER_NAMES, type ProviderName } from './provider.ts';

/**
 * The ai-photo tables (tables.ts): the routing table, run records and the price table. Only this
 * file reads or writes them; the engine records runs, the console reads and edits through here.
 */
/** One step of a route: a provider, its model ('' = the provider's default), operator parameters, unit cost. */
export interface RouteStep {
  provider: ProviderName;
  model: string;
  params: Record<string, unknown>;
  /** Cost per picture recorded when the provider reports none (its published price), or null. */
  unitCost: number | null;
}

/** A business type's route: the providers to try, in order (API.md "AI photography routing"). */
export interface PhotoRoute {
  bizType: string;
  providers: RouteStep[];
  updatedAt: number;
}

export const isProviderName = (name: string): name is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(name);

const parseObject = (text: string | null): Record<string, unknown> => {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

function stepsOf(chain: string | null): RouteStep[] | null {
  if (!chain) return null;
  try {
    const list: unknown = JSON.parse(chain);
    if (!Array.isArray(list)) return null;
    return list.flatMap((s: Record<string, unknown>) =>
      s && typeof s.provider === 'string' && isProviderName(s.provider)
        ? [
            {
              provider: s.provider,
              model: typeof s.model === 'string' ? s.model : '',
              params: s.params && typeof s.params === 'object' ? (s.params as Record<string, unknown>) : {},
              unitCost: typeof s.unitCost === 'number' ? s.unitCost : null,
            },
          ]
        : [],
    );
  } catch {
    return null;
  }
}

function routeOfRow(row: {
  biz_type: string;
  provider: string;
  model: string;
  params: string;
  unit_cost: number | null;
  updated_at: number;
  chain: string | null;
}): PhotoRoute | null {
  // Routes saved before the ordered lists (migration 0255) are their one step.
  const providers =
    stepsOf(row.chain) ??
    (isProviderName(row.provider)
      ? [
          {
            provider: row.provider,
            model: row.model,
            params: parseObject(row.params),
            unitCost: row.unit_cost === null ? null : Number(row.unit_cost),
          },
        ]
      : []);
  if (!providers.length) return null;
  return { bizType: row.biz_type, providers, updatedAt: Number(row.updated_at) };
}

export async function routeOf(db: Db, bizType: string): Promise<PhotoRoute | null> {
  const row = await db.selectFrom('ai_photo_routes').selectAll().where('biz_type', '=', bizType).executeTakeFirst();
  return row ? routeOfRow(row) : null;
}

export async function listRoutes(db: Db): Promise<PhotoRoute[]> {
  const rows = await db.selectFrom('ai_photo_routes').selectAll().orderBy('biz_type').execute();
  return rows.map(routeOfRow).filter((r): r is PhotoRoute => r !== null);
}

export async function saveRoute(db: Db, route: { bizType: string; providers: RouteStep[] }): Promise<void> {
  const first = route.providers[0];
  if (!first) throw new Error('a route names at least one provider');
  const values = {
    provider: first.provider,
    model: first.model,
    params: JSON.stringify(first.params),
    unit_cost: first.unitCost,
    chain: JSON.stringify(route.providers),
    updated_at: Date.now(),
  };
  await db
    .insertInto('ai_photo_routes')
    .values({ biz_type: route.bizType, ...values })
    .onConflict((oc) => oc.column('biz_type').doUpdateSet(values))
    .execute();
}

export async function deleteRoute(db: Db, bizType: string): Promise<void> {
  await db.deleteFrom('ai_photo_routes').where('biz_type', '=', bizType).execute();
}

// ---- run records ---------------------------------------------------------------------------

export async function startRun(
  db: Db,
  run: { taskId: string; bizType: string; provider: ProviderName; model: string; currency: CostCurrency; points: number },
): Promise<void> {
  const values = {
    biz_type: run.bizType,
    provider: run.provider,
    model: run.model,
    currency: run.currency,
    points: run.points,
    status: 'running' as const,
    provider_task_id: null,
    cost: null,
    cost_source: null,
    error: null,
    message: null,
    garment_locked: 0,
    lock_note: null,
    originals: null,
    created_at: Date.now(),
    finished_at: null,
  };
  // A task resumed after its worker died runs again: its record starts over.
  await db
    .insertInto('ai_photo_runs')
    .values({ task_id: run.taskId, ...values })
    .onConflict((oc) => oc.column('task_id').doUpdateSet(values))
    .execute();
}

export async function finishRun(
  db: Db,
  taskId: string,
  end:
    | {
        status: 'completed';
        providerTaskId: string;
        model: string;
        cost: number | null;
        costSource: CostSource | null;
        garmentLocked: boolean;
        lockNote: string | null;
        /** Per output: the provider's own picture when the lock replaced it (a `/files/` URL), else null. */
        originals: Array<string | null>;
        /** Per output of a garment-locked type: the lock's fidelity, or null. */
        fidelity?: Array<Fidelity | null>;
        /** The provider that made the pictures (the last of the task's attempts). */
        provider?: ProviderName;
        currency?: CostCurrency;
      }
    | { status: 'failed' | 'stopped'; error: string | null; message: string },
): Promise<void> {
  const now = Date.now();
  await db
    .updateTable('ai_photo_runs')
    .set(
      end.status === 'completed'
        ? {
            status: 'completed',
            provider_task_id: end.providerTaskId,
            model: end.model,
            cost: end.cost,
            cost_source: end.costSource,
            garment_locked: end.garmentLocked ? 1 : 0,
            lock_note: end.lockNote,
            originals: end.originals.some(Boolean) ? JSON.stringify(end.originals) : null,
            fidelity: end.fidelity?.length ? JSON.stringify(end.fidelity) : null,
            ...(end.provider ? { provider: end.provider } : {}),
            ...(end.currency ? { currency: end.currency } : {}),
            finished_at: now,
          }
        : { status: end.status, error: end.error, message: end.message.slice(0, 500), finished_at: now },
    )
    .where('task_id', '=', taskId)
    .execute();
}

export interface RunView {
  taskId: string;
  provider: ProviderName;
  model: string;
  garmentLocked: boolean;
  lockNote: string | null;
  /** Per output: the provider's own picture before the garment lock (a `/files/` URL), or null. */
  originals: Array<string | null>;
  /** Per output of a garment-locked type: mean and p95 CIEDE2000 inside the garment, or null. */
  fidelity: Array<Fidelity | null>;
}

const parseOriginals = (text: string | null): Array<string | null> => {
  try {
    const list: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(list) ? list.map((u) => (typeof u === 'string' ? u : null)) : [];
  } catch {
    return [];
  }
};

const parseFidelity = (text: string | null): Array<Fidelity | null> => {
  try {
    const list: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(list)
      ? list.map((f) => (f && typeof f.mean === 'number' && typeof f.p95 === 'number' ? { mean: f.mean, p95: f.p95 } : null))
      : [];
  } catch {
    return [];
  }
};

/** The task whose run kept this provider picture (an `originals/` key), or null. */
export async function taskOfOriginal(db: Db, key: string): Promise<string | null> {
  if (!isOriginalKey(key)) return null;
  const row = await db
    .selectFrom('ai_photo_runs')
    .select('task_id')
    .where('originals', 'like', `%/files/${key}"%`)
    .executeTakeFirst();
  return row?.task_id ?? null;
}

/** Whether a storage key is a provider's own picture kept beside a garment-locked output. */
export const isOriginalKey = (key: string) => key.startsWith('originals/');

/** The storage keys of a run's kept provider pictures, for deleting them with the task. */
export async function originalKeysOf(db: Db, taskId: string, keyFromUrl: (url: string) => string | null): Promise<string[]> {
  const row = await db.selectFrom('ai_photo_runs').select('originals').where('task_id', '=', taskId).executeTakeFirst();
  return parseOriginals(row?.originals ?? null).flatMap((url) => {
    const key = url ? keyFromUrl(url) : null;
    return key ? [key] : [];
  });
}

/** Which provider made each of these tasks (those the ai-photo engine ran); the caller passes only ids the user may see. */
export async function runsOf(db: Db, taskIds: string[]): Promise<RunView[]> {
  if (!taskIds.length) return [];
  const rows = await db
    .selectFrom('ai_photo_runs')
    .select(['task_id', 'provider', 'model', 'garment_locked', 'lock_note', 'originals', 'fidelity'])
    .where('task_id', 'in', taskIds)
    .execute();
  return rows
    .filter((r) => isProviderName(r.provider))
    .map((r) => ({
      taskId: r.task_id,
      provider: r.provider as ProviderName,
      model: r.model,
      garmentLocked: Number(r.garment_locked) === 1,
      lockNote: r.lock_note,
      originals: parseOriginals(r.originals),
      fidelity: parseFidelity(r.fidelity),
    }));
}

export interface ProviderStatus {
  provider: ProviderName;
  /** Tasks the provider is working on now. */
  running: number;
  completed24h: number;
  failed24h: number;
  lastSuccessAt: number | null;
  lastErrors: Array<{ taskId: string; bizType: string; error: string | null; message: string | null; at: number }>;
  /** Provider cost of the last day's completed tasks in the provider's currency, by where it comes from. */
  cost24h: Partial<Record<CostSource, number>>;
  /** Completed tasks of the last day with no price known (a route without a unit cost, an unknown fal unit). */
  unpriced24h: number;
}

/** Queue, outcomes of the last day and the last errors of each provider. */
export async function providerStatus(db: Db, providers: readonly ProviderName[]): Promise<ProviderStatus[]> {
  const since = Date.now() - DAY_MS;
  const out: ProviderStatus[] = [];
  for (const provider of providers) {
    const counts = await db
      .selectFrom('ai_photo_runs')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n'), (eb) => eb.fn.max('finished_at').as('last')])
      .where('provider', '=', provider)
      .where((eb) => eb.or([eb('status', '=', 'running'), eb('created_at', '>=', since)]))
      .groupBy('status')
      .execute();
    const n = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    const last = counts.find((c) => c.status === 'completed')?.last;
    const errors = await db
      .selectFrom('ai_photo_runs')
      .select(['task_id', 'biz_type', 'error', 'message', 'finished_at', 'created_at'])
      .where('provider', '=', provider)
      .where('status', '=', 'failed')
      .orderBy('created_at', 'desc')
      .limit(5)
      .execute();
    const costs = await db
      .selectFrom('ai_photo_runs')
      .select([
        'cost_source',
        (eb) => eb.fn.sum<string | number | null>('cost').as('total'),
        (eb) => eb.fn.countAll<string | number>().as('n'),
      ])
      .where('provider', '=', provider)
      .where('status', '=', 'completed')
      .where('created_at', '>=', since)
      .groupBy('cost_source')
      .execute();
    const cost24h: Partial<Record<CostSource, number>> = {};
    let unpriced24h = 0;
    for (const c of costs) {
      if (c.cost_source === 'reported' || c.cost_source === 'route' || c.cost_source === 'published')
        cost24h[c.cost_source] = Math.round(Number(c.total ?? 0) * 1000) / 1000;
      else unpriced24h += Number(c.n);
    }
    out.push({
      provider,
      cost24h,
      unpriced24h,
      running: n('running'),
      completed24h: n('completed'),
      failed24h: n('failed'),
      lastSuccessAt: last == null ? null : Number(last),
      lastErrors: errors.map((e) => ({
        taskId: e.task_id,
        bizType: e.biz_type,
        error: e.error,
        message: e.message,
        at: Number(e.finished_at ?? e.created_at),
      })),
    });
  }
  return out;
}

// ---- prices and the cost report --------------------------------------------------------------

/** CNY per unit: per FASHN credit, per CNY, per USD, and per point (what a point sells for). */
export type PriceUnit = CostCurrency | 'points';
export const PRICE_UNITS: readonly PriceUnit[] = ['credits', 'CNY', 'USD', 'points'];
/**
 * Defaults until an operator saves prices: FASHN's published pay-as-you-go price per credit
 * (USD 0.075), a US dollar at 7.2 CNY, and a point at 0.1 CNY.
 */
export const DEFAULT_PRICES: Record<PriceUnit, number> = { credits: 0.54, CNY: 1, USD: 7.2, points: 0.1 };

export async function prices(db: Db): Promise<Record<PriceUnit, number>> {
  const rows = await db.selectFrom('ai_photo_prices').selectAll().execute();
  const out = { ...DEFAULT_PRICES };
  for (const row of rows) if ((PRICE_UNITS as readonly string[]).includes(row.unit)) out[row.unit as PriceUnit] = Number(row.cny);
  return out;
}

export async function savePrices(db: Db, values: Partial<Record<PriceUnit, number>>): Promise<void> {
  const now = Date.now();
  for (const [unit, cny] of Object.entries(values)) {
    if (cny === undefined) continue;
    await db
      .insertInto('ai_photo_prices')
      .values({ unit, cny, updated_at: now })
      .onConflict((oc) => oc.column('unit').doUpdateSet({ cny, updated_at: now }))
      .execute();
  }
}

export interface CostDay {
  /** YYYY/MM/DD, China time (UTC+8). */
  day: string;
  bizType: string;
  tasks: number;
  failures: number;
  /** Provider cost per currency as recorded. */
  cost: Partial<Record<CostCurrency, number>>;
  /** The provider cost in CNY by the price table. */
  costCny: number;
  /** Points of the tasks that completed (failed and stopped tasks were refunded). */
  points: number;
  /** The points in CNY by the price table. */
  pointsCny: number;
  /** True when the provider cost more than the points brought in. */
  loss: boolean;
}

const dayOf = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
};

/** Tasks, failures, provider cost and points earned per business type and day, newest first. */
export async function costReport(db: Db, days: number): Promise<CostDay[]> {
  const since = Date.now() - days * DAY_MS;
  const rows = await db
    .selectFrom('ai_photo_runs')
    .select(['biz_type', 'status', 'cost', 'currency', 'points', 'created_at'])
    .where('created_at', '>=', since)
    .execute();
  const table = await prices(db);
  const groups = new Map<string, CostDay>();
  for (const row of rows) {
    const day = dayOf(Number(row.created_at));
    const key = `${day}|${row.biz_type}`;
    let g = groups.get(key);
    if (!g) {
      g = { day, bizType: row.biz_type, tasks: 0, failures: 0, cost: {}, costCny: 0, points: 0, pointsCny: 0, loss: false };
      groups.set(key, g);
    }
    g.tasks++;
    if (row.status === 'failed') g.failures++;
    if (row.status === 'completed') g.points += Number(row.points);
    if (row.cost !== null) {
      const currency = row.currency as CostCurrency;
      g.cost[currency] = Math.round(((g.cost[currency] ?? 0) + Number(row.cost)) * 1000) / 1000;
      g.costCny += Number(row.cost) * (table[currency] ?? 0);
    }
  }
  for (const g of groups.values()) {
    g.costCny = Math.round(g.costCny * 100) / 100;
    g.pointsCny = Math.round(g.points * table.points * 100) / 100;
    g.loss = g.costCny > g.pointsCny;
  }
  return [...groups.values()].sort((a, b) => (a.day === b.day ? a.bizType.localeCompare(b.bizType) : b.day.localeCompare(a.day)));
}

// ---- attempts and the router's figures ----------------------------------------------------------

export type AttemptOutcome = 'ok' | 'failed' | 'refused' | 'stopped';

export interface Attempt {
  provider: ProviderName;
  model: string;
  outcome: AttemptOutcome;
  ms: number;
}

export async function recordAttempt(
  db: Db,
  attempt: Attempt & { taskId: string; seq: number; bizType: string; error: string | null },
): Promise<void> {
  const values = {
    biz_type: attempt.bizType,
    provider: attempt.provider,
    model: attempt.model,
    outcome: attempt.outcome,
    error: attempt.error,
    ms: Math.max(0, Math.round(attempt.ms)),
    created_at: Date.now(),
  };
  // A task resumed after its worker died writes its attempts again from the first.
  await db
    .insertInto('ai_photo_attempts')
    .values({ task_id: attempt.taskId, seq: attempt.seq, ...values })
    .onConflict((oc) => oc.columns(['task_id', 'seq']).doUpdateSet(values))
    .execute();
}

/** Clears a task's attempts before it runs (again). */
export async function clearAttempts(db: Db, taskId: string): Promise<void> {
  await db.deleteFrom('ai_photo_attempts').where('task_id', '=', taskId).execute();
}

/** A task's attempts in order; the caller passes only a task the user may see. */
export async function attemptsOf(db: Db, taskId: string): Promise<Attempt[]> {
  const rows = await db
    .selectFrom('ai_photo_attempts')
    .select(['provider', 'model', 'outcome', 'ms'])
    .where('task_id', '=', taskId)
    .orderBy('seq')
    .execute();
  return rows
    .filter((r) => isProviderName(r.provider))
    .map((r) => ({ provider: r.provider as ProviderName, model: r.model, outcome: r.outcome, ms: Number(r.ms) }));
}

export interface RouterStat {
  provider: ProviderName;
  bizType: string;
  /** Tasks the provider was sent. */
  tasks: number;
  /** Its `failed` attempts. */
  failures: number;
  /** Tasks it handed on to the next provider. */
  handedOver: number;
  /** Time to result of its successful attempts (null: none). */
  p50Ms: number | null;
  p95Ms: number | null;
  /** What the tasks it completed cost at the provider, in its currency. */
  cost: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null;

/** Per provider and business type over the last `days` days: tasks, failures, hand-overs, p50/p95 and cost. */
export async function routerStats(db: Db, days = 1): Promise<RouterStat[]> {
  const since = Date.now() - days * DAY_MS;
  const attempts = await db
    .selectFrom('ai_photo_attempts')
    .select(['task_id', 'seq', 'biz_type', 'provider', 'outcome', 'ms'])
    .where('created_at', '>=', since)
    .execute();
  const next = new Set(attempts.map((a) => `${a.task_id}|${a.seq}`));
  const groups = new Map<string, { stat: RouterStat; tasks: Set<string>; times: number[] }>();
  for (const a of attempts) {
    if (!isProviderName(a.provider)) continue;
    const key = `${a.provider}|${a.biz_type}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        stat: {
          provider: a.provider,
          bizType: a.biz_type,
          tasks: 0,
          failures: 0,
          handedOver: 0,
          p50Ms: null,
          p95Ms: null,
          cost: 0,
        },
        tasks: new Set(),
        times: [],
      };
      groups.set(key, g);
    }
    g.tasks.add(a.task_id);
    if (a.outcome === 'failed') {
      g.stat.failures++;
      if (next.has(`${a.task_id}|${Number(a.seq) + 1}`)) g.stat.handedOver++;
    }
    if (a.outcome === 'ok') g.times.push(Number(a.ms));
  }
  const costs = await db
    .selectFrom('ai_photo_runs')
    .select(['provider', 'biz_type', (eb) => eb.fn.sum<string | number | null>('cost').as('total')])
    .where('status', '=', 'completed')
    .where('created_at', '>=', since)
    .groupBy(['provider', 'biz_type'])
    .execute();
  for (const g of groups.values()) {
    g.stat.tasks = g.tasks.size;
    const sorted = g.times.sort((x, y) => x - y);
    g.stat.p50Ms = percentile(sorted, 50);
    g.stat.p95Ms = percentile(sorted, 95);
    const c = costs.find((r) => r.provider === g.stat.provider && r.biz_type === g.stat.bizType);
    g.stat.cost = Math.round(Number(c?.total ?? 0) * 1000) / 1000;
  }
  return [...groups.values()]
    .map((g) => g.stat)
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.bizType.localeCompare(b.bizType));
}
