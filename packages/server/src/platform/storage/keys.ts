import crypto from 'node:crypto';

/**
 * Storage keys are relative slash-separated paths of safe segments, so the same key works as a
 * file path under DATA_DIR/files, an S3 object key and a URL path without escaping, and can never
 * climb out of its root.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

/** Throws on a key that is not safe (callers build keys with `newKey`; this guards the rest). */
export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A fresh unguessable key such as `uploads/2026/11/21/3f9c...e1.png`. */
export function newKey(prefix: string, extension: string, now = new Date()): string {
  const date = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}`;
  const ext = extension.replace(/^\./, '').toLowerCase();
  return assertValidKey(`${prefix}/${date}/${crypto.randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`);
}

/** Content types by extension, for objects stored without one and for local files. */
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeFromKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}
