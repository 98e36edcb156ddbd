import { DAY_MS } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { type CostCurrency, type CostSource, PROVIDER_NAMES, type ProviderName } from './provider.ts';

/**
 * The ai-photo tables (tables.ts): the routing table, run records and the price table. Only this
 * file reads or writes them; the engine records runs, the console reads and edits through here.
 */
export interface PhotoRoute {
  bizType: string;
  provider: ProviderName;
  /** '' = the provider's default model for the type. */
  model: string;
  params: Record<string, unknown>;
  /** Cost per picture recorded when the provider reports none (its published price), or null. */
  unitCost: number | null;
  updatedAt: number;
}

export const isProviderName = (name: string): name is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(name);

function routeOfRow(row: {
  biz_type: string;
  provider: string;
  model: string;
  params: string;
  unit_cost: number | null;
  updated_at: number;
}): PhotoRoute | null {
  if (!isProviderName(row.provider)) return null;
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(row.params) as Record<string, unknown>;
  } catch {
    params = {};
  }
  return {
    bizType: row.biz_type,
    provider: row.provider,
    model: row.model,
    params,
    unitCost: row.unit_cost === null ? null : Number(row.unit_cost),
    updatedAt: Number(row.updated_at),
  };
}

export async function routeOf(db: Db, bizType: string): Promise<PhotoRoute | null> {
  const row = await db.selectFrom('ai_photo_routes').selectAll().where('biz_type', '=', bizType).executeTakeFirst();
  return row ? routeOfRow(row) : null;
}

export async function listRoutes(db: Db): Promise<PhotoRoute[]> {
  const rows = await db.selectFrom('ai_photo_routes').selectAll().orderBy('biz_type').execute();
  return rows.map(routeOfRow).filter((r): r is PhotoRoute => r !== null);
}

export async function saveRoute(db: Db, route: Omit<PhotoRoute, 'updatedAt'>): Promise<void> {
  const values = {
    provider: route.provider,
    model: route.model,
    params: JSON.stringify(route.params),
    unit_cost: route.unitCost,
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
}

const parseOriginals = (text: string | null): Array<string | null> => {
  try {
    const list: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(list) ? list.map((u) => (typeof u === 'string' ? u : null)) : [];
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
    .select(['task_id', 'provider', 'model', 'garment_locked', 'lock_note', 'originals'])
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
