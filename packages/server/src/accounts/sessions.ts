import crypto from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { SessionUser } from '../http/auth.ts';
import { sha256 } from './passwords.ts';

export type { SessionUser };

/** Creates a session and returns its bearer token; only the token's hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  ttlSeconds: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      token_hash: sha256(accessToken),
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
      revoked_at: null,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { accessToken, expiresIn: ttlSeconds };
}

/** The user of a live (unexpired, unrevoked) token, else null. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as id', 'users.tenant_id as tenantId', 'sessions.id as sessionId'])
    .where('sessions.token_hash', '=', sha256(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', Date.now())
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes one session (logout). */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user (log out everywhere, password reset). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user but the one in use (a password change keeps its own session). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
