import crypto from 'node:crypto';
import { isValidKey } from './keys.ts';

/**
 * Signed, expiring file URLs. The database keeps plain `/files/<key>` URLs; answers carry
 * `/files/<key>?e=<expiry>&s=<signature>` (or an S3 presigned URL) made when they are sent, and
 * GET /files/<key> refuses a missing, expired or wrong signature. The signature is an HMAC of the
 * key and the expiry with the application secret, so every process of a deployment agrees.
 *
 * Expiries are rounded up to a step, so the same file gets the same URL in every answer for a while:
 * browsers can cache it and clients comparing URLs from two answers see the same string.
 */
export interface FileSigner {
  secret: string;
  ttlMs: number;
  now?: () => number;
}

/** Seconds between possible expiries: a quarter of the lifetime, between one minute and one hour. */
export function expiryStepSeconds(ttlMs: number): number {
  return Math.max(60, Math.min(3600, Math.floor(ttlMs / 4000)));
}

/** Unix seconds at which a URL signed now stops working: at least the lifetime from now. */
export function expiryFor(signer: FileSigner): number {
  const now = signer.now?.() ?? Date.now();
  const step = expiryStepSeconds(signer.ttlMs);
  return Math.ceil((now + signer.ttlMs) / 1000 / step) * step;
}

export function fileSignature(secret: string, key: string, expiry: number): string {
  return crypto.createHmac('sha256', secret).update(`file:${key}:${expiry}`).digest('base64url').slice(0, 32);
}

/** The query string that makes `/files/<key>` readable until the expiry. */
export function signatureQuery(signer: FileSigner, key: string): string {
  const expiry = expiryFor(signer);
  return `e=${expiry}&s=${fileSignature(signer.secret, key, expiry)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'expired' | 'invalid';

/** Checks the `e` and `s` query parameters of a request for `/files/<key>`. */
export function checkFileSignature(signer: FileSigner, key: string, query: { e?: unknown; s?: unknown }): SignatureCheck {
  const { e, s } = query;
  if (typeof e !== 'string' || typeof s !== 'string' || e === '' || s === '') return 'missing';
  if (!/^\d{1,12}$/.test(e)) return 'invalid';
  const expected = Buffer.from(fileSignature(signer.secret, key, Number(e)));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so an expired answer proves the URL was once ours.
  if (Number(e) * 1000 <= (signer.now?.() ?? Date.now())) return 'expired';
  return 'ok';
}

/**
 * Every files URL in a text (a serialised JSON answer, HTML of a message): `<base>/files/<key>` or
 * `/files/<key>`, with an old signature or none. The character before must not belong to a URL, so a
 * foreign `https://other.example/files/<key>` is never given our signature.
 */
export function filesUrlPattern(base: string): RegExp {
  const absolute = base.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const prefix = absolute ? `(?:${absolute})?` : '';
  return new RegExp(
    `(?<![\\w.~:/%?&=+@-])${prefix}/files/((?:[A-Za-z0-9_][A-Za-z0-9._-]*/)*[A-Za-z0-9_][A-Za-z0-9._-]*)(?:\\?e=\\d*&s=[A-Za-z0-9_-]*)?(?![\\w?#/.-])`,
    'g',
  );
}

/** filesUrlPattern compiled once per base (every JSON answer with a files URL is scanned). */
const patterns = new Map<string, RegExp>();
function compiledPattern(base: string): RegExp {
  let pattern = patterns.get(base);
  if (!pattern) {
    pattern = filesUrlPattern(base);
    patterns.set(base, pattern);
  }
  return pattern;
}

/** Replaces every files URL in `text` by what `sign(key)` answers (async, for S3 presigning). */
export async function replaceFilesUrls(text: string, base: string, sign: (key: string) => Promise<string>): Promise<string> {
  if (!text.includes('/files/')) return text;
  const pattern = compiledPattern(base);
  const keys = new Set<string>();
  for (const match of text.matchAll(pattern)) if (match[1] && isValidKey(match[1])) keys.add(match[1]);
  if (keys.size === 0) return text;
  const signed = new Map<string, string>();
  for (const key of keys) signed.set(key, await sign(key));
  return text.replace(pattern, (whole, key: string) => signed.get(key) ?? whole);
}
