/**
 * The one rule for "is this URL one of our files" (issue 41), shared by the server's storages (task
 * inputs, attachments, hand-offs it resolves) and the web app (the hand-off parameter of a tool page).
 * Our files are addressed by a storage key and reach clients in one of these forms:
 * - same-origin `/files/<key>` (no PUBLIC_URL), with or without `?e=&s=` (signed, maybe expired);
 * - absolute `<PUBLIC_URL>/files/<key>`, likewise signed or not;
 * - an S3 presigned GET URL of our bucket (S3_PUBLIC_URLS=presigned): `<bucket base>/<key>?X-Amz-...`.
 * Signatures are not checked here: the key is what identifies the file, and whose it is is decided by
 * the server (the caller's own upload or output) before anything uses it, expired or not.
 */
export interface FileBases {
  /** PUBLIC_URL (or the page's origin on the web), without a trailing slash; '' for same-origin only. */
  publicBase?: string;
  /** Where presigned URLs of our bucket start, e.g. `http://minio:9000/media/` (with the object prefix). */
  bucketBases?: readonly string[];
}

/** A key is relative slash-separated segments of safe characters (platform/storage/keys.ts). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** Whether `key` is a storage key we could have made (never climbs out of its root). */
export function isFileKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

const trim = (base: string) => base.replace(/\/+$/, '');

function keyAfter(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split(/[?#]/)[0] ?? '';
  return isFileKey(key) ? key : null;
}

/** The storage key behind one of our file URLs (any of the forms above), or null for any other URL. */
export function fileKeyOf(url: string, bases: FileBases = {}): string | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  const publicBase = trim(bases.publicBase ?? '');
  const prefixes = [publicBase ? `${publicBase}/files/` : null, '/files/'];
  for (const prefix of prefixes) {
    // `//host/files/...` is another host, not a same-origin path.
    if (prefix === '/files/' && url.startsWith('//')) continue;
    const key = prefix ? keyAfter(url, prefix) : null;
    if (key) return key;
  }
  for (const base of bases.bucketBases ?? []) {
    const key = keyAfter(url, base.endsWith('/') ? base : `${base}/`);
    if (key) return key;
  }
  return null;
}

/**
 * Whether a URL handed to a page may be one of our files and is worth asking the server about: a
 * same-origin `/files/` path, or an absolute http(s) URL (PUBLIC_URL, a presigned bucket URL; the
 * server answers which, and whose). Anything else (javascript:, data:, relative paths) is refused here.
 */
export function mayBeFileUrl(url: string): boolean {
  if (fileKeyOf(url)) return true;
  if (url.length > 4096) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}
