import crypto from 'node:crypto';
import {
  accountKind,
  CODE_LENGTH,
  CODE_TTL_SECONDS,
  type ErrorKey,
  type Language,
  RESEND_COUNTDOWN_SECONDS,
  type SendCodeResult,
} from '@productimage/core';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { hit } from '../../platform/http/rate-limit.ts';
import { checkBackoff, clearFailures, recordFailure } from './backoff.ts';
import { consumeVerifiedCaptcha } from './captcha.ts';
import { BACKOFF, CODE_GLOBAL_MAX_ATTEMPTS, CODE_OWNER_MAX_ATTEMPTS, LIMITS } from './limits.ts';
import { hashShortSecret, sameHash } from './secrets.ts';

/**
 * Sends a 6-digit code to a phone (SMS) or e-mail address (mail). Allowed only after a verified
 * captcha for that address, which the send uses up, and not while the resend countdown of the
 * previous code runs. Only the newest code of an address is ever checked, so a new one replaces
 * the earlier ones. Refusals answer `{ code: 0, errMsg }`
 * (the contract of POST /api/auth/code) rather than failing the request.
 */
export async function sendCode(ctx: AppContext, target: string, ip: string, lang: Language): Promise<SendCodeResult> {
  const refuse = (key: ErrorKey): SendCodeResult => ({ code: 0, errMsg: translate(lang, `errors:${key}`) });
  const channel = accountKind(target) === 'email' ? 'mail' : 'sms';
  const now = Date.now();

  const latest = await ctx.db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && latest.created_at > now - RESEND_COUNTDOWN_SECONDS * 1000) return refuse('resendTooSoon');
  if (!(await hit(ctx.db, `code:ip:${ip}`, ...LIMITS.codePerIp))) return refuse('tooManyRequests');
  if (!(await consumeVerifiedCaptcha(ctx.db, target, ip))) return refuse('captchaRequired');
  if (!(await hit(ctx.db, `code:id:${target}`, ...LIMITS.codePerAccount))) return refuse('tooManyRequests');

  const code = crypto
    .randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
  const inserted = await ctx.db
    .insertInto('verification_codes')
    .values({
      target,
      channel,
      code_hash: hashShortSecret(ctx.secret, target, code),
      created_at: now,
      expires_at: now + CODE_TTL_SECONDS * 1000,
      attempts: 0,
      consumed_at: null,
      sent_ip: ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const message = {
    to: target,
    subject: translate(lang, 'messaging:codeSubject', { code }),
    text: translate(lang, 'messaging:codeText', { code, minutes }),
    code,
  };
  try {
    await (channel === 'mail' ? ctx.messaging.mail : ctx.messaging.sms).send(message);
  } catch (err) {
    ctx.log.error({ err, channel }, 'verification code delivery failed');
    // Undelivered: drop the code so the countdown does not block the next try.
    await ctx.db.deleteFrom('verification_codes').where('id', '=', inserted.id).execute();
    return refuse('codeSendFailed');
  }
  return { code: 1 };
}

/** The back-off keys of one client guessing codes: per address and per address + account. */
const guessKeys = (target: string, ip: string) => [`codeguess:ip:${ip}`, `codeguess:ipid:${ip}:${target}`];

/**
 * Checks the newest code sent to `target` without using it up; throws `codeWrong`, `codeExpired` or
 * `codeLocked`. The answer never depends on whether the account exists: no code, a code already
 * used and a wrong code are all `codeWrong` (a registered phone has used codes, an unknown one has
 * none), `codeExpired` is only for a code that was sent and timed out unused.
 *
 * Wrong tries are limited per client (issue 9 item 5): each costs the caller's address back-off
 * (`BACKOFF`, 429 while it waits), so guessing from one address slows down long before the code
 * dies. Per code there are two budgets (issue 26): wrong tries from the address that asked for the
 * code (CODE_OWNER_MAX_ATTEMPTS) and from every other address together (CODE_GLOBAL_MAX_ATTEMPTS).
 * A spray from many addresses uses up the second only, so the code stays good for the client it
 * was sent to, while everyone else is refused: a code takes at most the sum of both budgets of
 * guesses in all.
 */
export async function checkCode(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  target: string,
  typed: string,
  ip: string,
): Promise<number> {
  const db: Db = ctx.db;
  const keys = guessKeys(target, ip);
  await checkBackoff(db, keys);
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const wrong = async (key: 'codeWrong' | 'codeLocked' = 'codeWrong') => {
    await recordFailure(db, keys[0] as string, BACKOFF.client);
    await recordFailure(db, keys[1] as string, BACKOFF.clientAccount);
    return new AppError(key);
  };
  if (!row || row.consumed_at !== null) throw await wrong();
  const owner = row.sent_ip !== null && row.sent_ip === ip;
  const budget = budgetOf(owner);
  if (row[budget.column] >= budget.max) throw await wrong('codeLocked');
  if (row.expires_at <= Date.now()) throw new AppError('codeExpired');

  if (!sameHash(row.code_hash, hashShortSecret(ctx.secret, target, typed.trim()))) {
    const updated = await db
      .updateTable('verification_codes')
      .set(budget.column === 'attempts' ? { attempts: sql`attempts + 1` } : { foreign_attempts: sql`foreign_attempts + 1` })
      .where('id', '=', row.id)
      .returning(budget.column)
      .executeTakeFirst();
    const used = Number((updated as Record<string, unknown> | undefined)?.[budget.column] ?? 0);
    throw await wrong(used >= budget.max ? 'codeLocked' : 'codeWrong');
  }
  await clearFailures(db, keys.slice(1));
  return row.id;
}

/** The wrong-try budget a caller draws on: the requester's own, or the one shared by everyone else. */
function budgetOf(owner: boolean) {
  return owner
    ? { column: 'attempts' as const, max: CODE_OWNER_MAX_ATTEMPTS }
    : { column: 'foreign_attempts' as const, max: CODE_GLOBAL_MAX_ATTEMPTS };
}

/**
 * Verifies and uses up the newest code sent to `target` (errors as `checkCode`). Call it outside a
 * transaction: a wrong try must stay counted although the caller's request fails.
 */
export async function consumeCode(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  target: string,
  typed: string,
  ip: string,
): Promise<void> {
  const id = await checkCode(ctx, target, typed, ip);
  const now = Date.now();
  const row = await ctx.db.selectFrom('verification_codes').select('sent_ip').where('id', '=', id).executeTakeFirst();
  const budget = budgetOf(row?.sent_ip != null && row.sent_ip === ip);
  // Conditional, so two requests with the same code cannot both use it.
  const used = await ctx.db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where(budget.column, '<', budget.max)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('codeWrong');
}
