import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileKeyOf } from '@productimage/core';
import { assertValidKey, isValidKey } from './keys.ts';
import { filesUrl } from './public-url.ts';
import { FILE_CACHE_CONTROL, type Storage } from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region: string;
  /** Key prefix inside the bucket (lets several deployments share one bucket). */
  prefix?: string;
  /** Answer S3 presigned GET URLs (S3_PUBLIC_URLS=presigned): clients then read the bucket directly. */
  presigned?: boolean;
}

/**
 * Any S3-compatible store (AWS, MinIO, OSS/COS in S3 mode). Path-style addressing whenever a custom
 * endpoint is set, since most self-hosted stores need it. Objects are addressed as /files/<key> and
 * proxied by the server, so the bucket can stay private; with `presigned` answers carry S3 presigned
 * GET URLs instead (storage/file-urls.ts), for a bucket endpoint the clients can reach.
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
    keyFromUrl: (url) => fileKeyOf(url, { publicBase, bucketBases: settings.presigned ? [presignedBase(settings)] : [] }),
    ...(settings.presigned
      ? {
          clientOrigin: new URL(presignedBase(settings)).origin,
          presignedUrl: (key: string, { expiresIn, signingDate }: { expiresIn: number; signingDate: Date }) =>
            getSignedUrl(s3, new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }), {
              expiresIn,
              signingDate,
            }),
        }
      : {}),
  };
}

/**
 * Where our presigned URLs start (clients send them back as task inputs, attachments, hand-offs):
 * path-style `<endpoint>/<bucket>/<prefix>/` with a custom endpoint, else AWS's virtual-hosted
 * `https://<bucket>.s3.<region>.amazonaws.com/<prefix>/`. The key after it is read by core's fileKeyOf.
 */
function presignedBase(settings: S3Settings): string {
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}/`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/`;
  return `${base}${settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : ''}`;
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
