import { accountKind } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError, validationError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { phoneVerified } from '../accounts/account-events.ts';
import { checkCode, consumeCode } from '../accounts/codes.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { normaliseAccount } from '../accounts/secrets.ts';
import { revokeOtherSessions } from '../accounts/sessions.ts';
import { findUserById, type UserChanges, updateUser, userIdWith } from '../accounts/users.ts';

/** Attempts per user per 10 minutes at binding or changing the password (old passwords can be guessed). */
const SETTINGS_LIMIT: [number, number] = [10, 600];

export async function updateProfile(ctx: AppContext, userId: string, changes: { userName?: string; companyName?: string }) {
  const set: UserChanges = {};
  if (changes.userName !== undefined) set.user_name = changes.userName;
  if (changes.companyName !== undefined) set.company_name = changes.companyName || null;
  await updateUser(ctx.db, userId, set);
}

/**
 * Binds (or replaces) the account's phone number or e-mail address after a code sent to it.
 * Taken by another account: `accountBoundElsewhere`, checked before the code is used up.
 */
export async function bindAccount(ctx: AppContext, userId: string, mobileId: string, code: string): Promise<'phone' | 'email'> {
  await enforce(ctx.db, `settings-bind:${userId}`, ...SETTINGS_LIMIT);
  const target = normaliseAccount(mobileId);
  const kind = accountKind(target);
  if (!kind) throw validationError('validation:phoneOrEmailInvalid');
  const column = kind === 'phone' ? 'phone' : 'email';
  // The code first: only its holder learns whether another account uses the address.
  // Wrong tries are limited per logged-in user (accounts/backoff.ts), not per phone or address.
  await checkCode(ctx, target, code, `user:${userId}`);
  const holder = await userIdWith(ctx.db, column, target);
  if (holder && holder !== userId) throw new AppError('accountBoundElsewhere');
  await consumeCode(ctx, target, code, `user:${userId}`);
  try {
    await updateUser(ctx.db, userId, { [column]: target });
  } catch (error) {
    // Another account bound it between the check and now (unique column).
    const raced = await userIdWith(ctx.db, column, target);
    if (raced && raced !== userId) throw new AppError('accountBoundElsewhere');
    throw error;
  }
  // A phone verified by SMS now: the inviter's reward, if it was still due (accounts/account-events.ts).
  if (kind === 'phone') await writeTransaction(ctx.db, (trx) => phoneVerified(trx, userId, Date.now()));
  return kind;
}

/**
 * Sets a new password. When the account has one, the old password must be given and right
 * (`oldPasswordWrong`). Every other session of the account ends; the caller's stays.
 */
export async function changePassword(
  ctx: AppContext,
  user: { id: string; sessionId: string },
  oldPassword: string | undefined,
  password: string,
): Promise<void> {
  await enforce(ctx.db, `settings-password:${user.id}`, ...SETTINGS_LIMIT);
  const row = await findUserById(ctx.db, user.id);
  if (!row) throw new AppError('unauthorized');
  if (row.password_hash !== null && !(oldPassword && (await verifyPassword(oldPassword, row.password_hash)))) {
    throw new AppError('oldPasswordWrong');
  }
  const now = Date.now();
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(password) }, now);
  await revokeOtherSessions(ctx.db, user.id, user.sessionId, now);
}
