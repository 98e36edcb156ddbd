import crypto from 'node:crypto';
import { type AssignableTeamRole, BASE_PATH, DAY_MS, TEAM_INVITATION_DAYS } from '@productimage/core';
import { findUserById, userIdWith } from '../../identity/accounts/users.ts';
import { sendToUser } from '../../identity/inbox/service.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { moveUserToTenant, putRole } from './members.ts';
import { type TeamMember, teamRoleOf } from './roles.ts';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface NewInvitation {
  role: AssignableTeamRole;
  kind: 'link' | 'phone';
  phone?: string;
  days?: number;
}

/**
 * Invites by link (a secret token, shown once; only its hash is stored) or by phone (whoever logs in
 * or registers with that phone sees it and joins). Either gives the role in the inviter's tenant
 * until it expires, is revoked, or is used once.
 */
export async function createInvitation(ctx: AppContext, actor: TeamMember, input: NewInvitation) {
  // Admins invite operators and members; only owners invite admins.
  if (input.role === 'admin' && actor.role !== 'owner') throw new AppError('teamRoleNotAllowed');
  const id = crypto.randomUUID();
  const token = input.kind === 'link' ? crypto.randomBytes(24).toString('base64url') : null;
  const now = Date.now();
  const expiresAt = now + Math.min(input.days ?? TEAM_INVITATION_DAYS.default, TEAM_INVITATION_DAYS.max) * DAY_MS;
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('team_invitations')
      .values({
        id,
        tenant_id: actor.tenantId,
        role: input.role,
        kind: input.kind,
        phone: input.kind === 'phone' ? (input.phone ?? null) : null,
        token_hash: token ? hashToken(token) : null,
        created_by: actor.userId,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        accepted_by: null,
        accepted_at: null,
      })
      .execute();
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'invitation.create',
      target: id,
      detail: {
        role: input.role,
        kind: input.kind,
        ...(input.phone ? { phone: `${input.phone.slice(0, 3)}****${input.phone.slice(-4)}` } : {}),
      },
    });
  });
  if (input.kind === 'phone' && input.phone) await tellInvitee(ctx, actor.tenantId, input.phone);
  return { id, token, expiresAt };
}

/**
 * An account that already has the invited phone hears of it in its inbox (a link to /kos-join);
 * a phone without an account sees the invitation on /kos-join after registering with it.
 */
async function tellInvitee(ctx: AppContext, tenantId: string, phone: string) {
  const userId = await userIdWith(ctx.db, 'phone', phone);
  if (!userId) return;
  const tenant = await getTenantOrDefault(ctx.db, tenantId);
  const base = (ctx.config.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const name = tenant.name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // html with a same-origin link: link messages need an absolute address (PUBLIC_URL may be unset).
  await sendToUser(ctx.db, userId, {
    title: `团队邀请 Team invitation: ${tenant.name}`.slice(0, 100),
    brief: `${tenant.name} 邀请您加入团队 / invites you to join the team`,
    content: `<p>${name} 邀请您加入团队 / invites you to join the team.</p><p><a href="${base}${BASE_PATH}/kos-join">接受邀请 / Accept the invitation</a></p>`,
    contentType: 'html',
  });
}

function statusOf(row: { revoked_at: number | null; accepted_at: number | null; expires_at: number }, now: number) {
  if (row.revoked_at) return 'revoked' as const;
  if (row.accepted_at) return 'accepted' as const;
  if (Number(row.expires_at) <= now) return 'expired' as const;
  return 'pending' as const;
}

export async function listInvitations(ctx: AppContext, tenantId: string, page: Paging) {
  const base = ctx.db.selectFrom('team_invitations').where('tenant_id', '=', tenantId);
  const { rows, total } = await listPage(base, page, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  const now = Date.now();
  return {
    list: rows.map((r) => ({
      id: r.id,
      role: r.role,
      kind: r.kind as 'link' | 'phone',
      phone: r.phone ? `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` : null,
      status: statusOf(r, now),
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
      acceptedBy: r.accepted_by,
    })),
    total,
  };
}

export async function revokeInvitation(ctx: AppContext, actor: TeamMember, id: string): Promise<void> {
  const row = await ownedRow(ctx.db, 'team_invitations', id, { tenant_id: actor.tenantId });
  if (statusOf(row, Date.now()) !== 'pending') throw new AppError('teamInvitationInvalid');
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('team_invitations')
      .set({ revoked_at: Date.now() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(trx, { tenantId: actor.tenantId, actorId: actor.userId, action: 'invitation.revoke', target: id });
  });
}

/** What an invitation offers, for the page the invitee opens (tenant name and role only). */
export async function describeInvitation(ctx: AppContext, token: string) {
  const row = await ctx.db
    .selectFrom('team_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || statusOf(row, Date.now()) !== 'pending') throw new AppError('teamInvitationInvalid');
  const tenant = await getTenantOrDefault(ctx.db, row.tenant_id);
  return { tenantId: row.tenant_id, tenantName: tenant.name, role: row.role };
}

/** Pending phone invitations for the logged-in user's phone. */
export async function pendingForUser(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user?.phone) return [];
  const rows = await ctx.db
    .selectFrom('team_invitations')
    .selectAll()
    .where('kind', '=', 'phone')
    .where('phone', '=', user.phone)
    .where('revoked_at', 'is', null)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .orderBy('created_at', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      tenantName: (await getTenantOrDefault(ctx.db, r.tenant_id)).name,
      role: r.role,
    })),
  );
}

/**
 * The logged-in user takes an invitation (link token, or a phone invitation naming their phone):
 * their account joins the tenant with the role, once. An owner of another tenant must hand over
 * their ownership first.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  by: { token?: string; id?: string },
) {
  const row = by.token
    ? await ctx.db.selectFrom('team_invitations').selectAll().where('token_hash', '=', hashToken(by.token)).executeTakeFirst()
    : by.id
      ? await ctx.db
          .selectFrom('team_invitations')
          .selectAll()
          .where('id', '=', by.id)
          .where('kind', '=', 'phone')
          .executeTakeFirst()
      : undefined;
  if (!row || statusOf(row, Date.now()) !== 'pending') throw new AppError('teamInvitationInvalid');
  if (row.kind === 'phone') {
    const account = await findUserById(ctx.db, user.id);
    if (!account?.phone || account.phone !== row.phone) throw new AppError('teamInvitationInvalid');
  }
  if (
    user.tenantId !== row.tenant_id &&
    (await teamRoleOf(ctx, user.id, user.tenantId)) === 'owner' &&
    user.tenantId !== 'default'
  )
    throw new AppError('teamRoleNotAllowed');
  await writeTransaction(ctx.db, async (trx) => {
    const taken = await trx
      .updateTable('team_invitations')
      .set({ accepted_by: user.id, accepted_at: Date.now() })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new AppError('teamInvitationInvalid');
    if (user.tenantId !== row.tenant_id) {
      await moveUserToTenant(trx, user.id, row.tenant_id);
    }
    await putRole(trx, row.tenant_id, user.id, row.role);
    await recordAudit(trx, {
      tenantId: row.tenant_id,
      actorId: user.id,
      action: 'invitation.accept',
      target: row.id,
      detail: { role: row.role },
    });
  });
  return { tenantId: row.tenant_id, role: row.role };
}
