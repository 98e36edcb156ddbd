/**
 * Where uploads and generated outputs live. Every domain goes through this interface; the
 * configuration picks the implementation (STORAGE=local, the default, or s3).
 */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface Storage {
  /** Which implementation (reported by /api/health). */
  readonly kind: 'local' | 's3';
  /** Stores `data` under `key` (see keys.ts; use `newKey`) and answers its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  /** The object, or null when there is none (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The URL clients use to fetch the object. */
  url(key: string): string;
  /** The key behind a URL this storage produced, or null for any other URL. */
  keyFromUrl(url: string): string | null;
  /**
   * A URL clients fetch the object from directly, valid for `expiresIn` seconds from `signingDate`
   * (S3 presigned GET, when S3_PUBLIC_URLS=presigned). Absent: files are served by GET /files/<key>.
   */
  presignedUrl?(key: string, options: { expiresIn: number; signingDate: Date }): Promise<string>;
  /**
   * The origin clients read files from when it is not this server (the bucket's, with presigned
   * URLs): the product's pages may load media from it and fetch it (page-policy.ts).
   */
  readonly clientOrigin?: string;
}

/** Long cache: keys are never rewritten with different content (new content gets a new key). */
export const FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
