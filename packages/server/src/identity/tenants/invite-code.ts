import crypto from 'node:crypto';
import { DAY_MS } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { resolveReferrer } from './store.ts';

/**
 * The day's invite code of a referrer that requires one (spec 000 §5; docs/tenants.md):
 * HMAC-SHA256(APP_SECRET, "referrer-invite:<referrer>:<YYYYMMDD>"), first 4 bytes as an unsigned
 * big-endian integer, modulo 1,000,000, left-padded to 6 digits. The day is the calendar day in
 * Asia/Shanghai (UTC+8, no daylight saving), so the code changes at midnight Beijing time.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** YYYYMMDD of the Asia/Shanghai calendar day containing `now`. */
export function shanghaiDay(now = Date.now()): string {
  return new Date(now + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/** Epoch ms at which the current Shanghai day (and so the current code) ends. */
export function shanghaiDayEnd(now = Date.now()): number {
  const shifted = now + SHANGHAI_OFFSET_MS;
  return shifted - (shifted % DAY_MS) + DAY_MS - SHANGHAI_OFFSET_MS;
}

export function deriveInviteCode(secret: string, referrer: string, day: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`referrer-invite:${referrer}:${day}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export const todaysInviteCode = (ctx: Pick<AppContext, 'secret'>, referrer: string, now = Date.now()) =>
  deriveInviteCode(ctx.secret, referrer, shanghaiDay(now));

/** Wrong tries per IP and referrer before a pause (a 6-digit code must not be guessable by brute force). */
export const INVITE_CODE_LIMIT: [number, number] = [10, 600];

/**
 * For a referrer that requires an invite code, throws `inviteCodeWrong` unless `code` is today's;
 * anything else passes. `host` finds referrers by host marker; `ip` counts wrong tries.
 */
export async function checkInviteCode(
  ctx: AppContext,
  referrer: string | null | undefined,
  code: string | null | undefined,
  options: { host?: string | null; ip?: string; now?: number } = {},
): Promise<void> {
  const found = await resolveReferrer(ctx.db, referrer, options.host);
  if (!found?.flags.requireInviteCode) return;
  const expected = Buffer.from(todaysInviteCode(ctx, found.id, options.now));
  const given = Buffer.from((code ?? '').trim());
  if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return;
  if (options.ip) await enforce(ctx.db, `invite-code:${found.id}:${options.ip}`, ...INVITE_CODE_LIMIT);
  throw new AppError('inviteCodeWrong');
}
