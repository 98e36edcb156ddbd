import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt (memory-hard) with N=2^15, r=8, p=1: 32 MiB per hash. Stored as `scrypt$N$r$p$salt$hash`. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** The test harness's cost (N=2^10): a full-cost hash is about 0.1-0.25 s of CPU, and the account suites make hundreds. */
const TEST_PARAMS = { ...PARAMS, N: 2 ** 10 };
const KEY_LENGTH = 32;
let cost = PARAMS;

/**
 * For test-support/harness.ts only (passwords.test.ts fails if any other module calls it): new
 * hashes at the test cost. A code switch, not configuration, so no deployment can turn it on;
 * verification reads the cost from the stored hash either way.
 */
export function hashPasswordsAtTestCost() {
  cost = TEST_PARAMS;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so timing does not reveal whether the account exists.
    await hashPassword(password);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * SHA-256 of a random high-entropy secret (tokens, codes): enough, since they cannot be guessed offline.
 * One-shot `crypto.hash` (every authenticated request hashes its token): a quarter of createHash's time.
 */
export const sha256 = (value: string) => crypto.hash('sha256', value, 'hex');
