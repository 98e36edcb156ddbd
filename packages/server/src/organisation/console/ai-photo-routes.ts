import { z } from 'zod';
import { circuitStates } from '../../engines/ai-photo/circuit.ts';
import {
  configuredProviders,
  isTrialOnly,
  modelsOf,
  PROVIDER_KEYS,
  PROVIDER_NAMES,
  planFor,
  providerCatalogue,
} from '../../engines/ai-photo/index.ts';
import {
  costReport,
  deleteRoute,
  listRoutes,
  PRICE_UNITS,
  prices,
  providerStatus,
  routeOf,
  routerStats,
  savePrices,
  saveRoute,
} from '../../engines/ai-photo/store.ts';
import { requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { isPlatform } from './tenants.ts';

/**
 * The console's AI-photography panel (docs/engines.md "Fashion providers"): which providers have a
 * key, the routing table per business type (provider, model, parameters, unit cost) with the route
 * each type takes now, each provider's queue, outcomes and last errors, the price table and the cost
 * report per business type and day. Deployment-wide, so platform operators only.
 */
const providerName = z.enum(PROVIDER_NAMES as unknown as ['fashn', 'dashscope', 'fal']);
const currency = z.enum(['credits', 'CNY', 'USD']);
const bizType = z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/);

const stepSchema = z
  .object({
    provider: providerName,
    model: z.string(),
    params: z.record(z.string(), z.unknown()),
    unitCost: z.number().nullable(),
  })
  .meta({ id: 'AiPhotoRouteStep' });

const routeSchema = z
  .object({
    bizType: z.string(),
    /** The providers a task is tried on, in order. */
    providers: z.array(stepSchema),
    /** The first step's fields, as before routes were lists. */
    provider: providerName,
    model: z.string(),
    params: z.record(z.string(), z.unknown()),
    unitCost: z.number().nullable(),
    updatedAt: z.number(),
  })
  .meta({ id: 'AiPhotoRoute' });

const statSchema = z.object({
  bizType: z.string(),
  tasks: z.number(),
  failures: z.number(),
  handedOver: z.number(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  /** What the completed tasks cost at the provider, in its currency. */
  cost: z.number(),
});

const panelSchema = z
  .object({
    providers: z.array(
      z.object({
        provider: providerName,
        /** Whether its key is set (FASHN_API_KEY, DASHSCOPE_API_KEY, FAL_KEY). */
        keySet: z.boolean(),
        /** The environment variable that enables it. */
        keyName: z.string(),
        circuit: z.enum(['closed', 'open', 'half-open']),
        /** Its consecutive failures, when its circuit last opened and the failure that did it. */
        circuitFailures: z.number(),
        openedAt: z.number().nullable(),
        lastCircuitError: z.string().nullable(),
        models: z.array(z.object({ model: z.string(), trialOnly: z.boolean() })),
        /** Per business type over the last day: tasks sent, failed attempts, hand-overs, time to result, cost. */
        stats: z.array(statSchema),
        configured: z.boolean(),
        currency,
        serves: z.record(z.string(), z.string()),
        running: z.number(),
        completed24h: z.number(),
        failed24h: z.number(),
        lastSuccessAt: z.number().nullable(),
        /** Provider cost of the last day's completed tasks (in `currency`) by source: reported, route, published. */
        cost24h: z.object({ reported: z.number().optional(), route: z.number().optional(), published: z.number().optional() }),
        /** Completed tasks of the last day without a known price. */
        unpriced24h: z.number(),
        lastErrors: z.array(
          z.object({
            taskId: z.string(),
            bizType: z.string(),
            error: z.string().nullable(),
            message: z.string().nullable(),
            at: z.number(),
          }),
        ),
      }),
    ),
    routes: z.array(routeSchema),
    /** The provider and model each served business type goes to now, and the whole order it is tried in. */
    effective: z.array(
      z.object({
        bizType: z.string(),
        provider: providerName,
        model: z.string(),
        plan: z.array(z.object({ provider: providerName, model: z.string(), trialOnly: z.boolean() })),
      }),
    ),
    /**
     * A paid tool routed first to a trial-only model (no paid use after its free quota) while
     * another keyed provider could serve it: `alternative` names that provider.
     */
    warnings: z.array(
      z.object({ bizType: z.string(), provider: providerName, model: z.string(), alternative: providerName.nullable() }),
    ),
    /** Providers whose circuit is open now (the operators' alert). */
    alerts: z.array(z.object({ provider: providerName, openedAt: z.number(), error: z.string().nullable() })),
    prices: z.record(z.string(), z.number()),
  })
  .meta({ id: 'AiPhotoPanel' });

const costDaySchema = z
  .object({
    day: z.string(),
    bizType: z.string(),
    tasks: z.number(),
    failures: z.number(),
    cost: z.record(z.string(), z.number()),
    costCny: z.number(),
    points: z.number(),
    pointsCny: z.number(),
    loss: z.boolean(),
  })
  .meta({ id: 'AiPhotoCostDay' });

const stepBody = z.object({
  provider: providerName,
  model: z
    .string()
    .trim()
    .max(120)
    .regex(/^[A-Za-z0-9._/:-]*$/)
    .default(''),
  params: z
    .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()]))
    .refine((p) => Object.keys(p).length <= 20)
    .default({}),
  unitCost: z.number().min(0).max(10_000).nullable().default(null),
});
/** `{ providers: [...] }`, or one step as before routes were lists. */
const routeBody = z.union([
  z.object({
    providers: z
      .array(stepBody)
      .min(1)
      .max(3)
      .refine((steps) => new Set(steps.map((s) => s.provider)).size === steps.length, 'each provider once'),
  }),
  stepBody,
]);

const CURRENCY = { fashn: 'credits', dashscope: 'CNY', fal: 'USD' } as const;
const done = envelopeOf(z.object({ ok: z.literal(true) }));

export async function consoleAiPhotoRoutes(app: ApiApp, ctx: AppContext) {
  const platformOnly = async (request: Parameters<typeof requireOperator>[1]) => {
    if (!isPlatform(await requireOperator(ctx, request))) throw new AppError('forbidden');
  };
  // The providers with a key, built from this process's configuration (the keys are read at start).
  const configured = configuredProviders(ctx.config);

  app.get(
    '/console/ai-photo',
    {
      schema: {
        tags: ['console'],
        summary: 'AI photography providers: keys, routing table, effective routes, queue and last errors, prices',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(panelSchema) },
      },
    },
    async (request) => {
      await platformOnly(request);
      const status = await providerStatus(ctx.db, PROVIDER_NAMES);
      const circuits = await circuitStates(ctx.db, ctx.config.AI_PHOTO_CIRCUIT_SECONDS);
      const stats = await routerStats(ctx.db, 1);
      const catalogue = providerCatalogue();
      const types = [...new Set(configured.flatMap((p) => Object.keys(p.serves)))].sort();
      const effective = [];
      const warnings = [];
      for (const type of types) {
        const plan = planFor(configured, type, await routeOf(ctx.db, type));
        const head = plan[0];
        if (!head) continue;
        effective.push({
          bizType: type,
          provider: head.provider.name,
          model: head.model,
          plan: plan.map((s) => ({ provider: s.provider.name, model: s.model, trialOnly: isTrialOnly(s.model) })),
        });
        if (isTrialOnly(head.model)) {
          const other = configured.find(
            (p) => p.name !== head.provider.name && p.serves[type] && !isTrialOnly(p.serves[type] ?? ''),
          );
          warnings.push({ bizType: type, provider: head.provider.name, model: head.model, alternative: other?.name ?? null });
        }
      }
      const alerts = PROVIDER_NAMES.flatMap((p) => {
        const c = circuits.get(p);
        return c && c.state !== 'closed' && c.openedAt !== null
          ? [{ provider: p, openedAt: c.openedAt, error: c.lastError }]
          : [];
      });
      return ok({
        providers: catalogue.map((c) => {
          const s = status.find((x) => x.provider === c.provider);
          const circuit = circuits.get(c.provider);
          const keySet = configured.some((p) => p.name === c.provider);
          return {
            provider: c.provider,
            keySet,
            keyName: PROVIDER_KEYS[c.provider],
            circuit: circuit?.state ?? ('closed' as const),
            circuitFailures: circuit?.failures ?? 0,
            openedAt: circuit?.openedAt ?? null,
            lastCircuitError: circuit?.lastError ?? null,
            models: modelsOf(c.provider),
            stats: stats.filter((x) => x.provider === c.provider).map(({ provider: _p, ...rest }) => rest),
            configured: keySet,
            currency: CURRENCY[c.provider],
            serves: c.serves,
            running: s?.running ?? 0,
            completed24h: s?.completed24h ?? 0,
            failed24h: s?.failed24h ?? 0,
            lastSuccessAt: s?.lastSuccessAt ?? null,
            cost24h: s?.cost24h ?? {},
            unpriced24h: s?.unpriced24h ?? 0,
            lastErrors: s?.lastErrors ?? [],
          };
        }),
        routes: (await listRoutes(ctx.db)).map((r) => ({ ...r, ...r.providers[0]! })),
        effective,
        warnings,
        alerts,
        prices: await prices(ctx.db),
      });
    },
  );

  app.put(
    '/console/ai-photo/routes/:bizType',
    {
      schema: {
        tags: ['console'],
        summary:
          'Routes a business type to an ordered list of providers (each with model, parameters, unit cost); a task fails over down the list; applies to the next task',
        security: [{ bearer: [] }],
        params: z.object({ bizType }),
        body: routeBody,
        response: { 200: done },
      },
    },
    async (request) => {
      await platformOnly(request);
      const { bizType: type } = request.params;
      const catalogue = providerCatalogue();
      // Every step's provider must serve the type (with a key or not: a key can be added later).
      const steps = 'providers' in request.body ? request.body.providers : [request.body];
      for (const step of steps)
        if (!catalogue.find((c) => c.provider === step.provider)?.serves[type]) throw new AppError('badRequest');
      await saveRoute(ctx.db, { bizType: type, providers: steps });
      return ok({ ok: true as const });
    },
  );

  app.delete(
    '/console/ai-photo/routes/:bizType',
    {
      schema: {
        tags: ['console'],
        summary: 'Removes a business type’s route (it goes to every keyed provider that serves it, paid models first)',
        security: [{ bearer: [] }],
        params: z.object({ bizType }),
        response: { 200: done },
      },
    },
    async (request) => {
      await platformOnly(request);
      await deleteRoute(ctx.db, request.params.bizType);
      return ok({ ok: true as const });
    },
  );

  app.put(
    '/console/ai-photo/prices',
    {
      schema: {
        tags: ['console'],
        summary: 'The price table of the loss warning: CNY per FASHN credit, per CNY, per USD and per point',
        security: [{ bearer: [] }],
        body: z.object(Object.fromEntries(PRICE_UNITS.map((u) => [u, z.number().min(0).max(1000).optional()]))).strict(),
        response: { 200: done },
      },
    },
    async (request) => {
      await platformOnly(request);
      await savePrices(ctx.db, request.body as Record<string, number | undefined>);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/console/ai-photo/costs',
    {
      schema: {
        tags: ['console'],
        summary: 'Per business type and day: tasks, failures, provider cost, points earned, and whether it ran at a loss',
        security: [{ bearer: [] }],
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
        response: { 200: envelopeOf(z.array(costDaySchema)) },
      },
    },
    async (request) => {
      await platformOnly(request);
      return ok(await costReport(ctx.db, request.query.days));
    },
  );
}
