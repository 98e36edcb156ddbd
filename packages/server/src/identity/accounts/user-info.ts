import type { UserInfo } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { getTenantOrDefault } from '../tenants/store.ts';
import type { SessionProfile } from './sessions.ts';
import { findUserById } from './users.ts';

/** The last origin made from a request's protocol and host (nearly every request repeats it). */
let lastOrigin = { configured: undefined as string | undefined, protocol: '', host: '', origin: '' };

/**
 * Origin for links we hand out: PUBLIC_URL when configured, else the origin the caller used. The
 * same inputs as the last call give the same string back, without joining and trimming it again
 * (GET /api/user/current keys its kept answer by it: issue 48).
 */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  const configured = ctx.config.PUBLIC_URL;
  const protocol = configured === undefined ? request.protocol : '';
  const host = configured === undefined ? request.host : '';
  const last = lastOrigin;
  if (last.configured === configured && last.protocol === protocol && last.host === host && last.origin) return last.origin;
  const origin = (configured ?? `${protocol}://${host}`).replace(/\/$/, '');
  lastOrigin = { configured, protocol, host, origin };
  return origin;
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
