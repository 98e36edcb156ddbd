import type { TokenResponse } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { tenantForSignup } from '../tenants/store.ts';
import { checkBackoff, clearFailures, recordFailure } from './backoff.ts';
import { checkCode, consumeCode } from './codes.ts';
import { BACKOFF, LIMITS } from './limits.ts';
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

/**
 * Counts one attempt against the caller's IP and against the caller's IP on this account; 429
 * `tooManyRequests` over either limit. Never against the account alone: attempts from elsewhere
 * must not lock the owner out (issue 9 item 5).
 */
async function throttle(ctx: AppContext, caller: Caller, account: string) {
  await enforce(ctx.db, `login:ip:${caller.ip}`, ...LIMITS.loginPerIp);
  await enforce(ctx.db, `login:ipid:${caller.ip}:${account}`, ...LIMITS.loginPerClientAccount);
}

/** Back-off keys of wrong passwords: the caller's address, and the address on this account. */
const passwordKeys = (caller: Caller, account: string) => [`pw:ip:${caller.ip}`, `pw:ipid:${caller.ip}:${account}`];

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
      // Every path here verified the account by a code: a phone was verified by SMS.
      phoneVerified: kind === 'phone',
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
  await consumeCode(ctx, account, code, caller.ip);
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
  const keys = passwordKeys(caller, account);
  await checkBackoff(ctx.db, keys);
  const user = await findUserByAccount(ctx.db, account);
  const valid = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !valid) {
    await recordFailure(ctx.db, keys[0] as string, BACKOFF.client);
    await recordFailure(ctx.db, keys[1] as string, BACKOFF.clientAccount);
    throw new AppError('wrongCredentials');
  }
  await clearFailures(ctx.db, keys.slice(1));
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
  await checkCode(ctx, account, code, caller.ip);
  if (await findUserByAccount(ctx.db, account)) throw new AppError('accountExists');
  await consumeCode(ctx, account, code, caller.ip);
  const { id, created } = await findOrCreate(ctx, account, kind, signup, await hashPassword(password));
  if (!created) throw new AppError('accountExists');
  return issueToken(ctx, id, caller);
}

/** Sets a new password after code verification and logs the account out everywhere else. */
export async function resetPassword(ctx: AppContext, account: string, code: string, password: string, caller: Caller) {
  await throttle(ctx, caller, account);
  // The code first: whether an account exists is told only to the holder of its phone or address.
  await checkCode(ctx, account, code, caller.ip);
  const user = await findUserByAccount(ctx.db, account);
  if (!user) throw new AppError('accountNotFound');
  await consumeCode(ctx, account, code, caller.ip);
  const passwordHash = await hashPassword(password);
  await ctx.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: Date.now() })
    .where('id', '=', user.id)
    .execute();
  await revokeAllSessions(ctx.db, user.id);
  return issueToken(ctx, user.id, caller);
}
