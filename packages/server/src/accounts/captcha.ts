import { CAPTCHA_TTL_SECONDS, type Language } from '@productimage/core';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { translate } from '../http/i18n.ts';
import { hit } from '../http/rate-limit.ts';
import { CAPTCHA_MAX_ATTEMPTS, LIMITS } from './limits.ts';
import { hashShortSecret, sameHash } from './secrets.ts';

/**
 * Issues a new image captcha for a phone or e-mail address (replacing any earlier one) and answers
 * its SVG, or null when the caller or the address asked too often (the client shows an empty image
 * as "requests too frequent").
 */
export async function issueCaptcha(ctx: AppContext, mobileId: string, ip: string, lang: Language): Promise<string | null> {
  const [ipLimit, ipWindow] = LIMITS.captchaPerIp;
  const [idLimit, idWindow] = LIMITS.captchaPerAccount;
  if (!(await hit(ctx.db, `captcha:ip:${ip}`, ipLimit, ipWindow))) return null;
  if (!(await hit(ctx.db, `captcha:id:${mobileId}`, idLimit, idWindow))) return null;
  // No 0/o/1/l/i: they look alike in a noisy image.
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 120, height: 40 });
  const answer = captcha.text.toLowerCase();
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
    .values({ mobile_id: mobileId, ...row })
    .onConflict((oc) => oc.column('mobile_id').doUpdateSet(row))
    .execute();
  await ctx.messaging.recordCaptcha(mobileId, answer, translate(lang, 'messaging:captchaText', { code: answer }));
  return captcha.data;
}

/**
 * Checks the typed captcha (case-insensitive). A right answer marks the captcha verified, which
 * allows exactly one code send; each wrong answer counts, and after CAPTCHA_MAX_ATTEMPTS the
 * captcha is dead. Expired, used or unknown captchas answer false.
 */
export async function verifyCaptcha(db: Db, secret: string, mobileId: string, typed: string): Promise<boolean> {
  const now = Date.now();
  const row = await db.selectFrom('captchas').selectAll().where('mobile_id', '=', mobileId).executeTakeFirst();
  if (!row || row.expires_at <= now || row.consumed_at !== null || row.attempts >= CAPTCHA_MAX_ATTEMPTS) return false;
  const right = sameHash(row.answer_hash, hashShortSecret(secret, mobileId, typed.trim().toLowerCase()));
  // Conditional on the same captcha and a free attempt, so parallel guesses cannot exceed the limit.
  const result = await db
    .updateTable('captchas')
    .set(right ? { verified_at: now } : { attempts: sql`attempts + 1` })
    .where('mobile_id', '=', mobileId)
    .where('answer_hash', '=', row.answer_hash)
    .where('attempts', '<', CAPTCHA_MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return right && Number(result.numUpdatedRows) === 1;
}

/** Uses up a verified, unexpired captcha of this address; false when there is none. */
export async function consumeVerifiedCaptcha(db: Db, mobileId: string): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('captchas')
    .set({ consumed_at: now })
    .where('mobile_id', '=', mobileId)
    .where('verified_at', 'is not', null)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
