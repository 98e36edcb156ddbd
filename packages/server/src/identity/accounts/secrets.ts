import crypto from 'node:crypto';

/**
 * Keyed hash for short secrets (6-digit codes, captcha answers): with the server secret as key, a
 * leaked table cannot be brute-forced offline. Bound to the target so a hash is useless elsewhere.
 */
export const hashShortSecret = (secret: string, target: string, value: string) =>
  crypto.createHmac('sha256', secret).update(`${target}\n${value}`).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Canonical form of a phone number or e-mail address as stored and compared. */
export const normaliseAccount = (value: string) => value.trim().toLowerCase();
