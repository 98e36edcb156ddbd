import { fileKeyOf } from '@productimage/core';

/**
 * URL scheme shared by both implementations: objects are addressed as `<base>/files/<key>` and
 * served by this server (so a private S3 bucket works too). Base is PUBLIC_URL when set (absolute
 * links for engines and e-mails), else empty (same-origin links).
 */
export function filesUrl(base: string, key: string): string {
  return `${trimBase(base)}/files/${key}`;
}

/** Accepts the absolute or same-origin form of a files URL and answers its key (core's one rule, fileKeyOf). */
export function keyFromFilesUrl(base: string, url: string): string | null {
  return fileKeyOf(url, { publicBase: base });
}

const trimBase = (base: string) => base.replace(/\/+$/, '');
