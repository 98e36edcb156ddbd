import crypto from 'node:crypto';
import { RESEND_COUNTDOWN_SECONDS } from '@productimage/core';
import type { Harness } from '../../test-support/harness.ts';

/** Test helpers that drive the account endpoints as a client would, reading the dev outbox. */

/** A fresh unregistered phone number. */
export const newPhone = () => `13${crypto.randomInt(0, 1e9).toString().padStart(9, '0')}`;

/** A distinct client address per call, so per-IP limits of one test do not leak into another. */
export const newIp = () => `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;

/** The newest outbox entry of a channel for an address. */
export async function latestOutbox(h: Harness, to: string, channel: 'sms' | 'mail' | 'captcha') {
  const res = await h.call({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    headers: h.ctx.config.DEV_OUTBOX_TOKEN ? { 'x-dev-outbox-token': h.ctx.config.DEV_OUTBOX_TOKEN } : {},
  });
  return (res.data as Array<{ channel: string; code: string; text: string }>).find((m) => m.channel === channel);
}

/**
 * Solves the server's proof-of-work challenge the way ALTCHA defines it (the number whose
 * SHA-256 of salt + number is the challenge), with node's synchronous hash: the same answer as
 * core's `solveProofOfWork`, a few times faster for the many logins of the tests.
 */
export async function solveChallengeFor(h: Harness): Promise<string | undefined> {
  const c = (await h.call({ method: 'GET', url: '/api/auth/challenge' })).data;
  if (!c) return undefined;
  for (let n = 0; n <= c.maxnumber; n++) {
    if (crypto.createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) {
      const payload = { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('proof-of-work challenge without a solution');
}

/** Fetches and answers a captcha for the address, as the login modal does. */
export async function passCaptcha(h: Harness, mobileId: string, ip = newIp()) {
  const image = await h.app.inject({
    method: 'GET',
    url: `/api/auth/captcha?mobileId=${encodeURIComponent(mobileId)}`,
    headers: { 'x-forwarded-for': ip },
  });
  if (image.body.length === 0) throw new Error('captcha throttled');
  const answer = (await latestOutbox(h, mobileId, 'captcha'))!.code;
  const verified = await h.call({
    method: 'POST',
    url: '/api/auth/captcha/verify',
    payload: { mobileId, code: answer, altcha: await solveChallengeFor(h) },
    headers: { 'x-forwarded-for': ip },
  });
  if (verified.data !== true) throw new Error('captcha not accepted');
}

/** Moves the address's earlier codes back past the resend countdown, as if the user had waited. */
export async function skipCountdown(h: Harness, target: string) {
  await h.ctx.db
    .updateTable('verification_codes')
    .set({ created_at: Date.now() - (RESEND_COUNTDOWN_SECONDS + 1) * 1000 })
    .where('target', '=', target)
    .execute();
}

/** Captcha, then a code sent to the address (after the countdown of any earlier one); answers the code. */
export async function requestCode(h: Harness, mobileId: string, ip = newIp()): Promise<string> {
  await skipCountdown(h, mobileId);
  await passCaptcha(h, mobileId, ip);
  const sent = await h.call({ method: 'POST', url: '/api/auth/code', payload: { mobileId }, headers: { 'x-forwarded-for': ip } });
  if (sent.data?.code !== 1) throw new Error(`code not sent: ${JSON.stringify(sent.data)}`);
  return (await latestOutbox(h, mobileId, accountKindOf(mobileId)))!.code;
}

const accountKindOf = (mobileId: string) => (mobileId.includes('@') ? 'mail' : 'sms');

/** Registers (or logs in) a phone by SMS code; answers the bearer token. */
export async function smsLogin(h: Harness, phone = newPhone(), extra: Record<string, string> = {}) {
  const code = await requestCode(h, phone);
  const res = await h.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { loginType: 'sms_code', mobileId: phone, verifyCode: code, ...extra },
    headers: { 'x-forwarded-for': newIp() },
  });
  if (res.code !== 0) throw new Error(`login failed: ${res.msg}`);
  return { phone, token: res.data.access_token as string, auth: { authorization: `Bearer ${res.data.access_token}` } };
}
