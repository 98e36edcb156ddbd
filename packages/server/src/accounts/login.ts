import type { TokenResponse } from '@productimage/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { enforce } from '../http/rate-limit.ts';
import { tenantForSignup } from '../tenants/store.ts';
import { checkCode, consumeCode } from './codes.ts';
import { LIMITS } from './limits.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { createUser, findUserByAccount } from './users.ts';

/** Who is asking, for rate limits and the session record. */
export interface Caller {
  ip: string;
  userAgent?: string;
}

/** Optional registration context: the inviter's code from an invite link and the referrer. */
export interface Signup {
  inviteCode?: string;
  referrer?: string;
}

/** Counts one attempt against the caller's IP and the account; 429 `tooManyRequests` over either limit. */
async function throttle(ctx: AppContext, caller: Caller, account: string) {
  await enforce(ctx.db, `login:ip:${caller.ip}`, ...LIMITS.loginPerIp);
  await enforce(ctx.db, `login:id:${account}`, ...LIMITS.loginPerAccount);
}

async function issueToken(ctx: AppContext, userId: string, caller: Caller): Promise<TokenResponse> {
  const { accessToken, expiresIn } = await createSession(ctx.db, userId, ctx.config.TOKEN_TTL_SECONDS, caller);
  return { token_type: 'bearer', access_token: accessToken, expires_in: expiresIn };
}

/** Creates the account, or finds it when a parallel request created it first (unique phone/e-mail). */
async function findOrCreate(ctx: AppContext, account: string, kind: 'phone' | 'email', signup: Signup, passwordHash?: string) {
  const existing = await findUserByAccount(ctx.db, account);
  if (existing) return { id: existing.id, created: false };
  try {
    const id = await createUser(ctx.db, {
      [kind]: account,
      passwordHash: passwordHash ?? null,
      inviteCode: signup.inviteCode ?? null,
      referrer: signup.referrer ?? null,
      tenantId: await tenantForSignup(ctx.db, signup.referrer),
    });
    return { id, created: true };
  } catch (err) {
    const raced = await findUserByAccount(ctx.db, account);
    if (raced) return { id: raced.id, created: false };
    throw err;
  }
}

/**
 * Login with a code sent by SMS or e-mail. An account that does not exist yet is registered (with
 * the free grant, and the inviter's reward when an invite code came along).
 */
export async function loginWithCode(
  ctx: AppContext,
  account: string,
  kind: 'phone' | 'email',
  code: string,
  caller: Caller,
  signup: Signup,
): Promise<TokenResponse> {
  await throttle(ctx, caller, account);
  await consumeCode(ctx, account, code);
  const { id } = await findOrCreate(ctx, account, kind, signup);
  return issueToken(ctx, id, caller);
}

/**
 * Login with phone or e-mail and password. Every failure, an unknown account included, is the same
 * `wrongCredentials` and takes the same time, so the answer does not reveal which accounts exist.
 */
export async function loginWithPassword(
  ctx: AppContext,
  account: string,
  password: string,
  caller: Caller,
): Promise<TokenResponse> {
  await throttle(ctx, caller, account);
  const user = await findUserByAccount(ctx.db, account);
  const valid = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !valid) throw new AppError('wrongCredentials');
  return issueToken(ctx, user.id, caller);
}

/** Registers a new account with a password after code verification; `accountExists` when taken. */
export async function register(
  ctx: AppContext,
  account: string,
  kind: 'phone' | 'email',
  code: string,
  password: string,
  caller: Caller,
  signup: Signup,
): Promise<TokenResponse> {
  await throttle(ctx, caller, account);
  // The code is checked first, so only its holder learns that the account exists; it is used up
  // after, so a taken account does not burn it.
  await checkCode(ctx, account, code);
  if (await findUserByAccount(ctx.db, account)) throw new AppError('accountExists');
  await consumeCode(ctx, account, code);
  const { id, created } = await findOrCreate(ctx, account, kind, signup, await hashPassword(password));
  if (!created) throw new AppError('accountExists');
  return issueToken(ctx, id, caller);
}

/** Sets a new password after code verification and logs the account out everywhere else. */
export async function resetPassword(ctx: AppContext, account: string, code: string, password: string, caller: Caller) {
  await throttle(ctx, caller, account);
  // The code first: whether an account exists is told only to the holder of its phone or address.
  await checkCode(ctx, account, code);
  const user = await findUserByAccount(ctx.db, account);
  if (!user) throw new AppError('accountNotFound');
  await consumeCode(ctx, account, code);
  const passwordHash = await hashPassword(password);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: Date.now() })
    .where('id', '=', user.id)
    .execute();
  await revokeAllSessions(ctx.db, user.id);
  return issueToken(ctx, user.id, caller);
}
