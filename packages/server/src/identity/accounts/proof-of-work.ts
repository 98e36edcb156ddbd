import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { AppContext } from '../../platform/context.ts';

/** Minutes a proof-of-work challenge can be solved and used in. */
const CHALLENGE_MINUTES = 10;

/** The HMAC key of challenges: derived from the server secret, never the secret itself. */
const hmacKey = (secret: string) => `altcha:${secret}`;

/**
 * A proof-of-work challenge in ALTCHA's format (API.md GET /api/auth/challenge), or null when the
 * deployment does not ask for one (CAPTCHA_POW_MAXNUMBER=0). Solving it means trying up to
 * `maxnumber` SHA-256 hashes: nothing for one person, a real cost for a script making accounts.
 */
export async function issueChallenge(ctx: Pick<AppContext, 'config' | 'secret'>): Promise<Challenge | null> {
  const maxnumber = ctx.config.CAPTCHA_POW_MAXNUMBER;
  if (maxnumber === 0) return null;
  return createChallenge({
    hmacKey: hmacKey(ctx.secret),
    maxnumber,
    algorithm: 'SHA-256',
    expires: new Date(Date.now() + CHALLENGE_MINUTES * 60 * 1000),
  });
}

/**
 * Decodes and checks an ALTCHA payload (base64 JSON `{ algorithm, challenge, number, salt,
 * signature }`) against our key and its expiry, without using it up. Answers its signature and
 * expiry when it is valid, else null.
 */
export async function checkPayload(secret: string, payload: string): Promise<{ signature: string; expires: number } | null> {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof decoded?.signature !== 'string' || typeof decoded?.salt !== 'string') return null;
    const stated = Number(extractParams(decoded).expires) * 1000;
    const expires = Number.isFinite(stated) && stated > 0 ? stated : Date.now() + CHALLENGE_MINUTES * 60 * 1000;
    return (await verifySolution(decoded, hmacKey(secret), true)) ? { signature: decoded.signature, expires } : null;
  } catch {
    return null;
  }
}

/**
 * Checks an ALTCHA payload and uses it up: true when proof of work is off, or the payload solves an
 * unexpired challenge of ours that was not used before. Each solution passes one captcha check only.
 */
export async function spendProofOfWork(ctx: Pick<AppContext, 'config' | 'secret' | 'db'>, payload: string | undefined) {
  if (ctx.config.CAPTCHA_POW_MAXNUMBER === 0) return true;
  if (!payload) return false;
  const valid = await checkPayload(ctx.secret, payload);
  if (!valid) return false;
  await ctx.db.deleteFrom('altcha_used').where('expires_at', '<', Date.now()).execute();
  const inserted = await ctx.db
    .insertInto('altcha_used')
    .values({ signature: valid.signature, expires_at: valid.expires })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
