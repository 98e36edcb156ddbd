import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export { assertValidKey, contentTypeFromKey, isValidKey, newKey } from './keys.ts';
export type { Storage, StoredObject } from './storage.ts';

/** The storage the configuration names: local files in DATA_DIR (default) or S3 (STORAGE=s3). */
export function createStorage(config: Config): Storage {
  const publicBase = config.PUBLIC_URL ?? '';
  if (config.STORAGE === 's3') {
    if (!config.S3_BUCKET)
      throw new Error('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY for non-AWS stores)');
    return createS3Storage(
      {
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY,
        secretAccessKey: config.S3_SECRET_KEY,
        region: config.S3_REGION,
        presigned: config.S3_PUBLIC_URLS === 'presigned',
      },
      publicBase,
    );
  }
  return createLocalStorage(config.dataDir, publicBase);
}
