import crypto from 'node:crypto';
import fs from 'node:fs';

export interface SdkFile {
  body: Buffer;
  etag: string;
}

/**
 * The built script of the embed SDK, read again when the file changes (a rebuild while the server
 * runs is picked up without a restart). Null while it is not built.
 */
export function sdkFileReader(file: string): () => SdkFile | null {
  let cached: (SdkFile & { mtimeMs: number }) | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      const body = fs.readFileSync(file);
      cached = {
        body,
        etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        mtimeMs: stat.mtimeMs,
      };
    }
    return cached;
  };
}
