import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { AppContext } from '../context.ts';

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
 * Checks an ALTCHA payload (base64 JSON `{ algorithm, challenge, number, salt, signature }`) and
 * uses it up: true when proof of work is off, or the payload solves an unexpired challenge of ours
 * that was not used before. Each solution passes one captcha check only.
 */
export async function spendProofOfWork(ctx: Pick<AppContext, 'config' | 'secret' | 'db'>, payload: string | undefined) {
  if (ctx.config.CAPTCHA_POW_MAXNUMBER === 0) return true;
  if (!payload) return false;
  let ok = false;
  let signature = '';
  let expires = Date.now() + CHALLENGE_MINUTES * 60 * 1000;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof decoded?.signature !== 'string' || typeof decoded?.salt !== 'string') return false;
    signature = decoded.signature;
    const stated = Number(extractParams(decoded).expires) * 1000;
    if (Number.isFinite(stated) && stated > 0) expires = stated;
    ok = await verifySolution(decoded, hmacKey(ctx.secret), true);
  } catch {
    return false;
  }
  if (!ok) return false;
  const now = Date.now();
  await ctx.db.deleteFrom('altcha_used').where('expires_at', '<', now).execute();
  const inserted = await ctx.db
    .insertInto('altcha_used')
    .values({ signature, expires_at: expires })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
