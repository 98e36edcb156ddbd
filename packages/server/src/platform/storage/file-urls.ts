import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Storage } from './index.ts';
import { expiryStepSeconds, type FileSigner, replaceFilesUrls, signatureQuery } from './signed-urls.ts';

/** The longest lifetime of an S3 presigned URL (SigV4). */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

/** The signer of this deployment: the application secret and FILE_URL_TTL_MINUTES. */
/** What signing needs of the context (not the context itself: storage is below it). */
export interface SigningContext {
  config: Config;
  secret: string;
  storage: Storage;
}

export function fileSigner(ctx: Pick<SigningContext, 'config' | 'secret'>): FileSigner {
  return { secret: ctx.secret, ttlMs: ctx.config.FILE_URL_TTL_MINUTES * 60_000 };
}

/**
 * The URL a client may use for a stored file: an S3 presigned GET URL when the storage offers one
 * (S3_PUBLIC_URLS=presigned), else `/files/<key>?e=&s=`. Both expire after FILE_URL_TTL_MINUTES
 * (rounded up to a step, so repeated answers carry the same URL for a while).
 */
export async function signedFileUrl(ctx: SigningContext, key: string): Promise<string> {
  const signer = fileSigner(ctx);
  if (ctx.storage.presignedUrl) {
    // Signed at the start of the current step: the same URL for every answer within it, valid at
    // least the lifetime from now (S3 allows at most 7 days).
    const step = expiryStepSeconds(signer.ttlMs);
    const start = Math.floor((signer.now?.() ?? Date.now()) / 1000 / step) * step;
    const expiresIn = Math.min(MAX_PRESIGNED_SECONDS, Math.ceil(signer.ttlMs / 1000 / step) * step + step);
    return ctx.storage.presignedUrl(key, { signingDate: new Date(start * 1000), expiresIn });
  }
  return `${ctx.storage.url(key)}?${signatureQuery(signer, key)}`;
}

/** `url` signed when it is one of our files URLs (with or without an old signature), else unchanged. */
export async function signFileUrl(ctx: SigningContext, url: string): Promise<string> {
  const key = ctx.storage.keyFromUrl(url);
  return key ? signedFileUrl(ctx, key) : url;
}

/** Every files URL inside a text (serialised JSON, message HTML) signed. */
export function signFileUrlsIn(ctx: SigningContext, text: string): Promise<string> {
  return replaceFilesUrls(text, ctx.config.PUBLIC_URL ?? '', (key) => signedFileUrl(ctx, key));
}

/** Every files URL inside a JSON value signed (server-sent events). */
export async function signFileUrlsInValue<T>(ctx: SigningContext, value: T): Promise<T> {
  const text = JSON.stringify(value);
  if (text === undefined || !text.includes('/files/')) return value;
  return JSON.parse(await signFileUrlsIn(ctx, text)) as T;
}

/**
 * The database keeps plain `/files/<key>` URLs (task outputs and inputs, uploads, feedback
 * attachments, message HTML, notes): every JSON answer of the API has them signed on the way out,
 * so no domain needs to know about signatures and a client never holds a URL that lasts forever.
 */
export function fileUrlSigning(ctx: SigningContext) {
  // A step of the app's one onSend hook (http/send-steps.ts, wired by the app): most answers hold no
  // files URL and go on at once, without a promise (issue 16).
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown => {
    if (typeof payload !== 'string' || !payload.includes('/files/') || !request.url.startsWith('/api/')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    return signFileUrlsIn(ctx, payload);
  };
}
