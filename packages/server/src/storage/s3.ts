import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidKey, isValidKey } from './keys.ts';
import { filesUrl, keyFromFilesUrl } from './public-url.ts';
import { FILE_CACHE_CONTROL, type Storage } from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region: string;
  /** Key prefix inside the bucket (lets several deployments share one bucket). */
  prefix?: string;
}

/**
 * Any S3-compatible store (AWS, MinIO, OSS/COS in S3 mode). Path-style addressing whenever a custom
 * endpoint is set, since most self-hosted stores need it. Objects are still addressed as
 * /files/<key> and proxied by the server, so the bucket can stay private.
 */
export function createS3Storage(settings: S3Settings, publicBase = '', client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  const objectKey = (key: string) => `${settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : ''}${assertValidKey(key)}`;

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: FILE_CACHE_CONTROL,
        }),
      );
      return { key, url: filesUrl(publicBase, key) };
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        const data = Buffer.from(await out.Body.transformToByteArray());
        return { data, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    url: (key) => filesUrl(publicBase, key),
    keyFromUrl: (url) => keyFromFilesUrl(publicBase, url),
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
