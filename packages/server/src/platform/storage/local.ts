import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeFromKey, isValidKey } from './keys.ts';
import { filesUrl, keyFromFilesUrl } from './public-url.ts';
import type { Storage, StoredObject } from './storage.ts';

/**
 * Files under DATA_DIR/files/<key>; the content type given to `put` is kept beside them in
 * DATA_DIR/files-meta/<key> (so a key's extension never decides how it is served).
 */
export function createLocalStorage(dataDir: string, publicBase = ''): Storage {
  const root = path.join(dataDir, 'files');
  const metaRoot = path.join(dataDir, 'files-meta');
  const fileOf = (base: string, key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    const full = path.resolve(base, key);
    // Defence in depth: valid keys cannot climb out, but never trust one check alone.
    if (!full.startsWith(base + path.sep)) throw new Error('storage key escapes its root');
    return full;
  };

  return {
    kind: 'local',
    async put(key, data, contentType) {
      const file = fileOf(root, key);
      const meta = fileOf(metaRoot, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(path.dirname(meta), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.writeFile(meta, contentType);
      await fs.rename(tmp, file);
      return { key, url: filesUrl(publicBase, key) };
    },
    async get(key): Promise<StoredObject | null> {
      if (!isValidKey(key)) return null;
      try {
        const data = await fs.readFile(fileOf(root, key));
        const contentType = await fs.readFile(fileOf(metaRoot, key), 'utf8').catch(() => contentTypeFromKey(key));
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await fs.rm(fileOf(root, key), { force: true });
      await fs.rm(fileOf(metaRoot, key), { force: true });
    },
    url: (key) => filesUrl(publicBase, key),
    keyFromUrl: (url) => keyFromFilesUrl(publicBase, url),
  };
}
