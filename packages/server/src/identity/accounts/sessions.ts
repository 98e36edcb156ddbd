import crypto from 'node:crypto';
import { compiledQuery } from '../../platform/db/compiled-query.ts';
import type { Db } from '../../platform/db/index.ts';
import { readCache } from '../../platform/db/read-cache.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
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

const sessionLookup = compiledQuery((db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id as id',
      'users.tenant_id as tenantId',
      'sessions.id as sessionId',
      'users.phone as phone',
      'users.email as email',
      'users.user_name as userName',
      'users.company_name as companyName',
      'users.invite_code as inviteCode',
      'users.password_hash as passwordHash',
      'users.created_at as createdAt',
      'sessions.expires_at as expiresAt',
    ])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', p.now),
);

/** The user's profile as the session lookup reads it (the same query): what GET /api/user/current answers with. */
export interface SessionProfile {
  phone: string | null;
  email: string | null;
  userName: string;
  companyName: string | null;
  inviteCode: string;
  hasPassword: boolean;
  createdAt: number;
}

/** A session's user with the profile read in the same query (routes may use it instead of reading the user again). */
export type SessionUserWithProfile = SessionUser & { profile: SessionProfile };

/**
 * The user of a live (unexpired, unrevoked) token, else null. One query (session joined with its
 * user) answers both who it is and their profile, so the hot GET /api/user/current reads the user
 * row only once per request (issue 16).
 */
const sessionCache = readCache<SessionUserWithProfile | null>();

/** The longest bearer token looked up (createSession's are 32 random bytes in base64url: 43). */
const MAX_TOKEN_LENGTH = 128;

export function findSessionUser(db: Db, token: string): SessionUserWithProfile | null | Promise<SessionUserWithProfile | null> {
  // Kept until anything is written (a logout, a profile change) or the session expires
  // (db/read-cache.ts), by the token itself: a kept answer costs no hashing (only this process's
  // memory holds the tokens, as it holds every request's headers; the database keeps hashes only).
  // Ours are 43 characters; a longer one is no session, and never a long key in the cache.
  if (token.length > MAX_TOKEN_LENGTH) return null;
  return sessionCache(db, token, async () => {
    const tokenHash = sha256(token);
    const now = Date.now();
    const [row] = await sessionLookup(db, { tokenHash, now });
    if (!row) return { value: null, until: Number.POSITIVE_INFINITY };
    const user: SessionUserWithProfile = {
      id: row.id,
      tenantId: row.tenantId,
      sessionId: row.sessionId,
      profile: {
        phone: row.phone,
        email: row.email,
        userName: row.userName,
        companyName: row.companyName,
        inviteCode: row.inviteCode,
        hasPassword: row.passwordHash !== null,
        createdAt: row.createdAt,
      },
    };
    return { value: user, until: row.expiresAt };
  });
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
