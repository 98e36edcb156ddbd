import { TEAM_ROLES, TIERS } from '@productimage/core';
import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import { featureFlagsSchema, referrerIdSchema } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { topUpPool } from '../team/pool.ts';
import { FOLLOWUP_KINDS, FOLLOWUP_STATUSES, listFollowups, setFollowup } from './followups.ts';
import { type CalendarNode, savedPlatformNodes, savePlatformNodes } from './platform-nodes.ts';
import { isPlatform, listReferrers, listTenants, saveReferrer, saveTenant, tenantExists } from './tenants.ts';
import { grantTier, grantUserPoints, listUsers, setUserTeam } from './users.ts';

const storedFlags = featureFlagsSchema.partial().strict();
const tenantId = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/);
const tenantItem = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  flags: featureFlagsSchema.partial(),
  members: z.number(),
  pool: z.number(),
  updatedAt: z.number(),
});
const referrerItem = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  name: z.string(),
  flags: featureFlagsSchema.partial(),
  allowedOrigins: z.array(z.string()),
  hostMarkers: z.array(z.string()),
  updatedAt: z.number(),
});
const origin = z
  .string()
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/)
  .max(200);
const referrerBody = z.object({
  name: z.string().trim().min(1).max(60),
  tenantId: tenantId.nullable(),
  flags: storedFlags,
  allowedOrigins: z.array(origin).max(20),
  hostMarkers: z.array(z.string().trim().min(3).max(80)).max(10),
});
const userItem = z.object({
  id: z.string(),
  tenantId: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  account: z.string(),
  email: z.string().nullable(),
  tier: z.string(),
  points: z.number(),
  role: z.enum(TEAM_ROLES),
  createdAt: z.number(),
});
const done = envelopeOf(z.object({ ok: z.literal(true) }));

/**
 * The operator console's own routes (docs/team-and-console.md): tenants and referrers edited without
 * a deploy, the enterprise points pool, users (team role, points grant with a reason). The console
 * also uses the operator routes of other domains (leads, feedback, inbox broadcasts, orders and
 * refunds, products, enterprise plans, engines); `installOperatorAudit` (audit-hook.ts, installed by
 * the app ahead of every domain's routes) records their changes.
 */
/** What the console needs from other domains, given by the composition root (routes.ts). */
export interface ConsoleParts {
  /** The marketing calendar's built-in platform nodes (shown until operators save a list). */
  builtInNodes: CalendarNode[];
}

const nodeSchema = z.object({
  name: z.string().trim().min(1).max(30),
  nameEn: z.string().trim().min(1).max(60),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  lunar: z.boolean().optional(),
  desc: z.object({ zh: z.string().trim().max(200), en: z.string().trim().max(300) }),
});

export async function consoleRoutes(app: ApiApp, ctx: AppContext, parts: ConsoleParts) {
  app.get(
    '/console/me',
    {
      schema: {
        tags: ['console'],
        summary: 'Whether the caller is a console operator, of which tenant, and whether of the platform',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.object({ tenantId: z.string(), platform: z.boolean() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok({ tenantId: operator.tenantId, platform: isPlatform(operator) });
    },
  );

  app.get(
    '/console/tenants',
    {
      schema: {
        tags: ['console'],
        summary: 'Tenants the operator manages (platform operators: all)',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.array(tenantItem)) },
      },
    },
    async (request) => ok(await listTenants(ctx, await requireOperator(ctx, request))),
  );

  app.put(
    '/console/tenants/:id',
    {
      schema: {
        tags: ['console'],
        summary: "Changes a tenant's names and flags (menus, hidden routes, logo...): visible without a restart",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(40) }),
        body: z.object({
          name: z.string().trim().min(1).max(60).optional(),
          nameEn: z.string().trim().max(60).optional(),
          flags: storedFlags.optional(),
        }),
        response: { 200: done },
      },
    },
    async (request) => {
      await saveTenant(ctx, await requireOperator(ctx, request), request.params.id, request.body, false);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/console/tenants',
    {
      schema: {
        tags: ['console'],
        summary: 'Creates a tenant (platform operators)',
        security: [{ bearer: [] }],
        body: z.object({
          id: tenantId,
          name: z.string().trim().min(1).max(60),
          nameEn: z.string().trim().max(60).default(''),
          flags: storedFlags.default({}),
        }),
        response: { 200: done },
      },
    },
    async (request) => {
      const { id, ...edit } = request.body;
      await saveTenant(ctx, await requireOperator(ctx, request), id, edit, true);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/console/tenants/:id/pool',
    {
      schema: {
        tags: ['console'],
        summary: "Adds points to an enterprise tenant's pool (platform operators), with a reason",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(40) }),
        body: z.object({ amount: z.number().int().min(1).max(100_000_000), note: z.string().trim().min(1).max(200) }),
        response: { 200: envelopeOf(z.object({ id: z.string(), pool: z.number() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      if (!isPlatform(operator)) throw new AppError('forbidden');
      if (!(await tenantExists(ctx, request.params.id))) throw new AppError('notFound');
      return ok(await topUpPool(ctx, operator, request.params.id, request.body.amount, request.body.note));
    },
  );

  app.get(
    '/console/referrers',
    {
      schema: {
        tags: ['console'],
        summary: 'Referrers the operator manages (flags, partner origins, host markers)',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.array(referrerItem)) },
      },
    },
    async (request) => ok(await listReferrers(ctx, await requireOperator(ctx, request))),
  );

  app.put(
    '/console/referrers/:id',
    {
      schema: {
        tags: ['console'],
        summary: 'Creates or changes a referrer (platform operators; tenant operators: their own referrers)',
        security: [{ bearer: [] }],
        params: z.object({ id: referrerIdSchema.pipe(z.string().min(1)) }),
        body: referrerBody,
        response: { 200: done },
      },
    },
    async (request) => {
      await saveReferrer(ctx, await requireOperator(ctx, request), request.params.id, request.body);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/console/users',
    {
      schema: {
        tags: ['console'],
        summary: 'Users with tier, points and team role (the operator tenant; platform operators: any, ?tenantId=)',
        security: [{ bearer: [] }],
        querystring: pagingQuery(20).extend({ keyword: z.string().max(60).optional(), tenantId: z.string().max(40).optional() }),
        response: { 200: envelopeOf(pageOf(userItem)) },
      },
    },
    async (request) => ok(await listUsers(ctx, await requireOperator(ctx, request), request.query)),
  );

  app.post(
    '/console/users/:id/points',
    {
      schema: {
        tags: ['console'],
        summary: 'Grants points to a user with a reason (a ledger row with the reason as note)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({
          amount: z.number().int().min(1).max(10_000_000),
          note: z.string().trim().min(1).max(200),
          validityDays: z.number().int().min(1).max(3650).optional(),
        }),
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const { amount, note, validityDays } = request.body;
      return ok({ id: await grantUserPoints(ctx, operator, request.params.id, amount, note, validityDays) });
    },
  );

  app.post(
    '/console/users/:id/tier',
    {
      schema: {
        tags: ['console'],
        summary: 'Gives a user a paid tier for some months with a reason (package worth 0, its monthly points)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({
          tier: z.enum(TIERS.filter((t) => t !== 'free') as ['basic', 'professional', 'premium', 'flagship', 'enterprise']),
          months: z.number().int().min(1).max(36),
          note: z.string().trim().min(1).max(200),
        }),
        response: { 200: envelopeOf(z.object({ id: z.string(), endAt: z.number() })) },
      },
    },
    async (request) => ok(await grantTier(ctx, await requireOperator(ctx, request), request.params.id, request.body)),
  );

  app.put(
    '/console/users/:id/team',
    {
      schema: {
        tags: ['console'],
        summary: "Sets a user's team role (owner included); platform operators may move the account to another tenant",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({ role: z.enum(TEAM_ROLES), tenantId: z.string().max(40).optional() }),
        response: { 200: done },
      },
    },
    async (request) => {
      await setUserTeam(ctx, await requireOperator(ctx, request), request.params.id, request.body);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/console/followups/:kind',
    {
      schema: {
        tags: ['console'],
        summary: "Follow-up statuses of the tenant's leads or feedback (rows not listed are new)",
        security: [{ bearer: [] }],
        params: z.object({ kind: z.enum(FOLLOWUP_KINDS) }),
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                refId: z.string(),
                status: z.enum(FOLLOWUP_STATUSES),
                note: z.string().nullable(),
                updatedAt: z.number(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await listFollowups(ctx, await requireOperator(ctx, request), request.params.kind)),
  );

  app.put(
    '/console/followups/:kind/:id',
    {
      schema: {
        tags: ['console'],
        summary: 'Sets the follow-up status of a lead, consultant request or feedback of the tenant',
        security: [{ bearer: [] }],
        params: z.object({ kind: z.enum(FOLLOWUP_KINDS), id: z.string().min(1).max(20) }),
        body: z.object({ status: z.enum(FOLLOWUP_STATUSES), note: z.string().trim().max(300).nullable().default(null) }),
        response: { 200: done },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      await setFollowup(ctx, operator, request.params.kind, request.params.id, request.body.status, request.body.note);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/console/platform-nodes',
    {
      schema: {
        tags: ['console'],
        summary: "The marketing calendar's platform nodes (custom: a saved list, else the built-in one)",
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.object({ custom: z.boolean(), nodes: z.array(nodeSchema) })) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request);
      const saved = await savedPlatformNodes(ctx.db);
      return ok({ custom: !!saved, nodes: saved ?? parts.builtInNodes });
    },
  );

  app.put(
    '/console/platform-nodes',
    {
      schema: {
        tags: ['console'],
        summary: "Replaces the calendar's platform nodes (platform operators); the calendar shows them at once",
        security: [{ bearer: [] }],
        body: z.object({ nodes: z.array(nodeSchema).max(100) }),
        response: { 200: done },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      if (!isPlatform(operator)) throw new AppError('forbidden');
      await savePlatformNodes(ctx.db, operator, request.body.nodes, parts.builtInNodes);
      return ok({ ok: true as const });
    },
  );
}
