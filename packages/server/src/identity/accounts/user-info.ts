import type { UserInfo } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { getTenantOrDefault } from '../tenants/store.ts';
import type { SessionProfile } from './sessions.ts';
import { findUserById } from './users.ts';

/** Origin for links we hand out: PUBLIC_URL when configured, else the origin the caller used. */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  return (ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** The link that registers a new user as invited by this one (the inviter gets the invite reward). */
export const inviteLink = (origin: string, inviteCode: string) =>
  `${origin}/productimage/?inviteCode=${encodeURIComponent(inviteCode)}&loginType=register`;

/** The user as clients see it (core `UserInfo`), with their tenant's name and logo. */
export async function loadUserInfo(db: Db, userId: string, origin: string): Promise<UserInfo | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return userInfoOf(
    db,
    user.id,
    user.tenant_id,
    {
      phone: user.phone,
      email: user.email,
      userName: user.user_name,
      companyName: user.company_name,
      inviteCode: user.invite_code,
      hasPassword: user.password_hash !== null,
      createdAt: user.created_at,
    },
    origin,
  );
}

/** `UserInfo` from a profile already read (the session lookup's): no query but the cached tenant. */
export async function userInfoOf(
  db: Db,
  userId: string,
  tenantId: string,
  profile: SessionProfile,
  origin: string,
): Promise<UserInfo> {
  const tenant = await getTenantOrDefault(db, tenantId);
  return {
    id: userId,
    phone: profile.phone,
    email: profile.email,
    userName: profile.userName,
    tenant: tenantId,
    tenantName: tenant.name,
    tenantId,
    tenantIcon: tenant.flags.logo ?? null,
    companyName: profile.companyName,
    inviterLink: inviteLink(origin, profile.inviteCode),
    hasPassword: profile.hasPassword,
    createdAt: profile.createdAt,
  };
}
