import crypto from 'node:crypto';
import { CAPTCHA_TTL_SECONDS, type Language } from '@productimage/core';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { translate } from '../../platform/http/i18n.ts';
import { hit } from '../../platform/http/rate-limit.ts';
import { renderCaptcha } from './captcha-image.ts';
import { CAPTCHA_MAX_ATTEMPTS, LIMITS } from './limits.ts';
import { hashShortSecret, sameHash } from './secrets.ts';

/**
 * Issues a new image captcha for a phone or e-mail address and this client (replacing the client's
 * earlier one; other clients' captchas stay, so nobody can spoil the one a user is typing) and
 * answers its PNG, or null when the client asked too often (the client shows an empty image as
 * "requests too frequent"). There is no limit per address alone: requests from elsewhere must not
 * leave the owner of the phone without captchas (issue 9 item 5).
 */
export async function issueCaptcha(ctx: AppContext, mobileId: string, ip: string, lang: Language): Promise<Buffer | null> {
  const [ipLimit, ipWindow] = LIMITS.captchaPerIp;
  const [idLimit, idWindow] = LIMITS.captchaPerClientAccount;
  if (!(await hit(ctx.db, `captcha:ip:${ip}`, ipLimit, ipWindow))) return null;
  if (!(await hit(ctx.db, `captcha:ipid:${ip}:${mobileId}`, idLimit, idWindow))) return null;
  const { text: answer, png } = await renderCaptcha();
  const now = Date.now();
  const row = {
    answer_hash: hashShortSecret(ctx.secret, mobileId, answer),
    created_at: now,
    expires_at: now + CAPTCHA_TTL_SECONDS * 1000,
    attempts: 0,
    verified_at: null,
    consumed_at: null,
  };
  await ctx.db
    .insertInto('captchas')
    .values({ mobile_id: mobileId, client: ip, ...row })
    .onConflict((oc) => oc.columns(['mobile_id', 'client']).doUpdateSet(row))
    .execute();
  // Expired captchas of everybody go now and then (rows are per client, so they would pile up).
  if (crypto.randomInt(0, 64) === 0) await ctx.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await ctx.messaging.recordCaptcha(mobileId, answer, translate(lang, 'messaging:captchaText', { code: answer }));
  return png;
}

/**
 * Checks the typed captcha (case-insensitive) of this address and client. A right answer marks the
 * captcha verified, which allows exactly one code send from the same client; each wrong answer
 * counts, and after CAPTCHA_MAX_ATTEMPTS the captcha is dead. Expired, used or unknown captchas
 * answer false.
 */
export async function verifyCaptcha(db: Db, secret: string, mobileId: string, ip: string, typed: string): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .selectFrom('captchas')
    .selectAll()
    .where('mobile_id', '=', mobileId)
    .where('client', '=', ip)
    .executeTakeFirst();
  if (!row || row.expires_at <= now || row.consumed_at !== null || row.attempts >= CAPTCHA_MAX_ATTEMPTS) return false;
  const right = sameHash(row.answer_hash, hashShortSecret(secret, mobileId, typed.trim().toLowerCase()));
  // Conditional on the same captcha and a free attempt, so parallel guesses cannot exceed the limit.
  const result = await db
    .updateTable('captchas')
    .set(right ? { verified_at: now } : { attempts: sql`attempts + 1` })
    .where('mobile_id', '=', mobileId)
    .where('client', '=', ip)
    .where('answer_hash', '=', row.answer_hash)
    .where('attempts', '<', CAPTCHA_MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return right && Number(result.numUpdatedRows) === 1;
}

/** Uses up a verified, unexpired captcha of this address and client; false when there is none. */
export async function consumeVerifiedCaptcha(db: Db, mobileId: string, ip: string): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('captchas')
    .set({ consumed_at: now })
    .where('mobile_id', '=', mobileId)
    .where('client', '=', ip)
    .where('verified_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
