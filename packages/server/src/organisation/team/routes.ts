import {
  ASSIGNABLE_TEAM_ROLES,
  phoneSchema,
  TEAM_INVITATION_DAYS,
  TEAM_PERMISSION_NAMES,
  TEAM_ROLES,
  teamRoleCan,
} from '@productimage/core';
import { z } from 'zod';
import { isOperator } from '../../identity/operators/operators.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listInvitations,
  pendingForUser,
  revokeInvitation,
} from './invitations.ts';
import { listMembers, removeMember, setRole, transferOwnership } from './members.ts';
import { allocate, poolBalance, poolLedger, reclaim, requireEnterprise } from './pool.ts';
import { requireTeamPermission, teamRoleOf } from './roles.ts';
import { readSettings, updateSettings } from './settings.ts';

const role = z.enum(TEAM_ROLES);
const assignable = z.enum(ASSIGNABLE_TEAM_ROLES);
const userParams = z.object({ userId: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });
const done = envelopeOf(z.object({ ok: z.literal(true) }));

const member = z.object({
  userId: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role,
  points: z.number(),
  joinedAt: z.number(),
});
const invitation = z.object({
  id: z.string(),
  role,
  kind: z.enum(['link', 'phone']),
  phone: z.string().nullable(),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  createdAt: z.number(),
  expiresAt: z.number(),
  acceptedBy: z.string().nullable(),
});
const settings = z.object({
  tenantId: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  menuSet: z.string(),
  hiddenRoutes: z.array(z.string()),
  hideInvite: z.boolean(),
  hideCoins: z.boolean(),
  hideFloating: z.boolean(),
});
const routePath = z.string().regex(/^\/[A-Za-z0-9/_-]{0,80}$/);
const settingsBody = z.object({
  name: z.string().trim().min(1).max(40).optional(),
  logo: z.string().max(500).nullable().optional(),
  hiddenRoutes: z.array(routePath).max(60).optional(),
  hideInvite: z.boolean().optional(),
  hideCoins: z.boolean().optional(),
  hideFloating: z.boolean().optional(),
});
const pointsBody = z.object({
  userId: z.string().min(1).max(64),
  amount: z.number().int().min(1).max(10_000_000),
  note: z.string().trim().min(1).max(200),
});
const poolMove = z.object({ id: z.string(), pool: z.number() });
const invitationBody = z
  .object({
    role: assignable,
    kind: z.enum(['link', 'phone']),
    phone: phoneSchema.optional(),
    days: z.number().int().min(1).max(TEAM_INVITATION_DAYS.max).optional(),
  })
  .refine((b) => b.kind === 'link' || !!b.phone, { message: 'validation:phoneRequired', path: ['phone'] });

/** Teams inside a tenant (docs/team-and-console.md): members and roles, invitations, settings, points pool. */
export async function teamRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/team/me',
    {
      schema: {
        tags: ['team'],
        summary: "The caller's role in their tenant and what it allows (for menus); anonymous: 401",
        security: [{ bearer: [] }],
        response: {
          200: envelopeOf(
            z.object({
              tenantId: z.string(),
              tenantName: z.string(),
              role,
              enterprise: z.boolean(),
              permissions: z.array(z.string()),
              /** A console operator of the tenant (the header's user menu links /console). */
              consoleOperator: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const r = (await teamRoleOf(ctx, user.id, user.tenantId)) ?? 'member';
      const tenant = await getTenantOrDefault(ctx.db, user.tenantId);
      return ok({
        tenantId: user.tenantId,
        // The tenant's name in the caller's language (the default tenant is 灵感商拍 / InspoShot).
        tenantName: (requestLanguage(request) === 'en' && tenant.nameEn) || tenant.name,
        role: r,
        enterprise: tenant.id === user.tenantId && tenant.flags.menuSet === 'enterprise',
        permissions: TEAM_PERMISSION_NAMES.filter((p) => teamRoleCan(r, p)),
        consoleOperator: await isOperator(ctx, user.id, user.tenantId),
      });
    },
  );

  app.get(
    '/team/members',
    {
      schema: {
        tags: ['team'],
        summary: "The tenant's members with their roles and points (owners and admins)",
        security: [{ bearer: [] }],
        querystring: pagingQuery(20).extend({ keyword: z.string().max(40).optional() }),
        response: { 200: envelopeOf(pageOf(member)) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'manageMembers');
      return ok(await listMembers(ctx, actor.tenantId, request.query));
    },
  );

  app.put(
    '/team/members/:userId/role',
    {
      schema: {
        tags: ['team'],
        summary: "Changes a member's role (only roles below the caller's; owners: admin, operator, member)",
        security: [{ bearer: [] }],
        params: userParams,
        body: z.object({ role: assignable }),
        response: { 200: done },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'manageMembers');
      await setRole(ctx, actor, request.params.userId, request.body.role);
      return ok({ ok: true as const });
    },
  );

  app.delete(
    '/team/members/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Removes a member from the tenant (the account moves to the default tenant; its points stay)',
        security: [{ bearer: [] }],
        params: userParams,
        response: { 200: done },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'manageMembers');
      await removeMember(ctx, actor, request.params.userId);
      return ok({ ok: true as const });
    },
  );

  app.post(
    '/team/ownership',
    {
      schema: {
        tags: ['team'],
        summary: 'The owner hands the ownership to another member (and becomes an admin)',
        security: [{ bearer: [] }],
        body: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: done },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'transferOwnership');
      await transferOwnership(ctx, actor, request.body.userId);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary: "The tenant's invitations, newest first",
        security: [{ bearer: [] }],
        querystring: pagingQuery(20),
        response: { 200: envelopeOf(pageOf(invitation)) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'inviteMembers');
      return ok(await listInvitations(ctx, actor.tenantId, request.query));
    },
  );

  app.post(
    '/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary: 'Invites by link (answers the secret token once) or by phone, with a role and an expiry',
        security: [{ bearer: [] }],
        body: invitationBody,
        response: { 200: envelopeOf(z.object({ id: z.string(), token: z.string().nullable(), expiresAt: z.number() })) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'inviteMembers');
      return ok(await createInvitation(ctx, actor, request.body));
    },
  );

  app.delete(
    '/team/invitations/:id',
    {
      schema: {
        tags: ['team'],
        summary: 'Revokes a pending invitation',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: done },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'inviteMembers');
      await revokeInvitation(ctx, actor, request.params.id);
      return ok({ ok: true as const });
    },
  );

  app.get(
    '/team/invitations/preview',
    {
      schema: {
        tags: ['team'],
        summary: 'What a link invitation offers (tenant name and role); anonymous allowed',
        querystring: z.object({ token: z.string().min(10).max(100) }),
        response: { 200: envelopeOf(z.object({ tenantId: z.string(), tenantName: z.string(), role })) },
      },
    },
    async (request) => ok(await describeInvitation(ctx, request.query.token)),
  );

  app.get(
    '/team/invitations/pending',
    {
      schema: {
        tags: ['team'],
        summary: "Pending phone invitations for the caller's phone",
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(z.array(z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string(), role }))) },
      },
    },
    async (request) => ok(await pendingForUser(ctx, requireUser(request).id)),
  );

  app.post(
    '/team/invitations/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'The caller joins the tenant of an invitation (link token, or the id of a phone invitation for their phone)',
        security: [{ bearer: [] }],
        body: z.object({ token: z.string().min(10).max(100).optional(), id: z.string().min(1).max(64).optional() }),
        response: { 200: envelopeOf(z.object({ tenantId: z.string(), role })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.body.token && !request.body.id) throw new AppError('badRequest');
      return ok(await acceptInvitation(ctx, user, request.body));
    },
  );

  app.get(
    '/team/tenant',
    {
      schema: {
        tags: ['team'],
        summary: "The tenant's own settings (owners and admins)",
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(settings) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'manageTenant');
      return ok(await readSettings(ctx, actor.tenantId));
    },
  );

  app.put(
    '/team/tenant',
    {
      schema: {
        tags: ['team'],
        summary: 'Changes the tenant name, logo (an own upload) and the flags a tenant may set itself',
        security: [{ bearer: [] }],
        body: settingsBody,
        response: { 200: envelopeOf(settings) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'manageTenant');
      return ok(await updateSettings(ctx, actor, request.body));
    },
  );

  app.get(
    '/team/points',
    {
      schema: {
        tags: ['team'],
        summary: "The enterprise points pool: balance and its ledger (enterprise tenants' owners and admins)",
        security: [{ bearer: [] }],
        querystring: pagingQuery(20),
        response: {
          200: envelopeOf(
            z.object({
              balance: z.number(),
              list: z.array(
                z.object({
                  id: z.string(),
                  delta: z.number(),
                  balanceAfter: z.number(),
                  reason: z.string(),
                  userId: z.string().nullable(),
                  actorId: z.string(),
                  note: z.string().nullable(),
                  createdAt: z.number(),
                }),
              ),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'managePoints');
      await requireEnterprise(ctx, actor.tenantId);
      return ok({
        balance: await poolBalance(ctx.db, actor.tenantId),
        ...(await poolLedger(ctx, actor.tenantId, request.query)),
      });
    },
  );

  app.post(
    '/team/points/allocate',
    {
      schema: {
        tags: ['team'],
        summary: "Moves points from the enterprise pool to a member's balance (ledger rows on both sides)",
        security: [{ bearer: [] }],
        body: pointsBody,
        response: { 200: envelopeOf(poolMove) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'managePoints');
      await requireEnterprise(ctx, actor.tenantId);
      return ok(await allocate(ctx, actor, request.body.userId, request.body.amount, request.body.note));
    },
  );

  app.post(
    '/team/points/reclaim',
    {
      schema: {
        tags: ['team'],
        summary: "Takes unused points from a member's balance back to the pool (never more than they hold)",
        security: [{ bearer: [] }],
        body: pointsBody,
        response: { 200: envelopeOf(poolMove) },
      },
    },
    async (request) => {
      const actor = await requireTeamPermission(ctx, request, 'managePoints');
      await requireEnterprise(ctx, actor.tenantId);
      return ok(await reclaim(ctx, actor, request.body.userId, request.body.amount, request.body.note));
    },
  );
}
