import { isValidKey } from './keys.ts';

/**
 * URL scheme shared by both implementations: objects are addressed as `<base>/files/<key>` and
 * served by this server (so a private S3 bucket works too). Base is PUBLIC_URL when set (absolute
 * links for engines and e-mails), else empty (same-origin links).
 */
export function filesUrl(base: string, key: string): string {
  return `${trimBase(base)}/files/${key}`;
}

/** Accepts the absolute or same-origin form of a files URL and answers its key. */
export function keyFromFilesUrl(base: string, url: string): string | null {
  const absolute = trimBase(base);
  for (const prefix of [absolute ? `${absolute}/files/` : null, '/files/']) {
    if (prefix && url.startsWith(prefix)) return checked(url.slice(prefix.length).split(/[?#]/)[0] ?? '');
  }
  return null;
}

const trimBase = (base: string) => base.replace(/\/+$/, '');

function checked(key: string): string | null {
  return isValidKey(key) ? key : null;
}
