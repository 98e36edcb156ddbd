import type { UserInfo } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { getTenantOrDefault } from '../tenants/store.ts';

/** Origin for links we hand out: PUBLIC_URL when configured, else the origin the caller used. */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  return (ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** The link that registers a new user as invited by this one (the inviter gets the invite reward). */
export const inviteLink = (origin: string, inviteCode: string) =>
  `${origin}/productimage/?inviteCode=${encodeURIComponent(inviteCode)}&loginType=register`;

/** The user as clients see it (core `UserInfo`), with their tenant's name and logo. */
export async function loadUserInfo(db: Db, userId: string, origin: string): Promise<UserInfo | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const tenant = await getTenantOrDefault(db, user.tenant_id);
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    userName: user.user_name,
    tenant: user.tenant_id,
    tenantName: tenant.name,
    tenantId: user.tenant_id,
    tenantIcon: tenant.flags.logo ?? null,
    companyName: user.company_name,
    inviterLink: inviteLink(origin, user.invite_code),
    hasPassword: user.password_hash !== null,
    createdAt: user.created_at,
  };
}
