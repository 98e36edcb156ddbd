import type { Config } from '../../platform/config.ts';
import { readAppSetting } from '../../platform/db/app-settings.ts';
import type { Db } from '../../platform/db/index.ts';
import { createStorage, newKey, type Storage } from '../../platform/storage/index.ts';
import { signatureQuery } from '../../platform/storage/signed-urls.ts';
import { ProviderError } from './provider.ts';

/**
 * How a task's pictures reach a provider: stored under `handover/` and given as a short-lived
 * signed URL of our storage (`/files/<key>?e=&s=`, or an S3 presigned URL), which the provider
 * fetches; removed when the task ends. The URL must be absolute (PUBLIC_URL, or presigned S3): without
 * one, providers that take data URLs (FASHN, fal) get the picture inline, and the others (DashScope)
 * refuse the task with a message naming PUBLIC_URL.
 */
export interface Handover {
  url(picture: { buffer: Buffer; contentType: string }, options: { inline: boolean }): Promise<string>;
  /** Removes what was handed over. */
  done(): Promise<void>;
}

/** Whether a storage key is a handed-over picture (served by its signed URL while its task runs). */
export const isHandoverKey = (key: string) => key.startsWith('handover/');

/** Lifetime of a handed-over URL: long enough for a provider's queue. */
const HANDOVER_TTL_MS = 30 * 60_000;

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function handoverFactory(config: Config): (db: Db) => Handover {
  let storage: Storage | null = null;
  let secret: string | undefined = config.APP_SECRET;
  return (db) => {
    const keys: string[] = [];
    // The same picture is handed over once: every provider a task is tried on gets the same signed URL.
    const given = new Map<Buffer, Promise<string>>();
    const inlined = new Map<Buffer, string>();
    const inlineOf = (picture: { buffer: Buffer; contentType: string }) => {
      let url = inlined.get(picture.buffer);
      if (!url) {
        url = `data:${picture.contentType};base64,${picture.buffer.toString('base64')}`;
        inlined.set(picture.buffer, url);
      }
      return url;
    };
    const store = async (picture: { buffer: Buffer; contentType: string }, storage: Storage): Promise<string> => {
      const key = newKey('handover', EXT[picture.contentType] ?? 'png');
      await storage.put(key, picture.buffer, picture.contentType);
      keys.push(key);
      if (storage.presignedUrl) return storage.presignedUrl(key, { expiresIn: HANDOVER_TTL_MS / 1000, signingDate: new Date() });
      if (!secret) secret = await readAppSetting(db, 'app_secret');
      if (!secret) throw new ProviderError('imageEngineFailed', 'no application secret to sign handed-over pictures');
      return `${storage.url(key)}?${signatureQuery({ secret, ttlMs: HANDOVER_TTL_MS }, key)}`;
    };
    return {
      async url(picture, { inline }) {
        storage ??= createStorage(config);
        const absolute = !!storage.presignedUrl || /^https?:\/\//.test(storage.url('handover/probe.png'));
        if (!absolute) {
          if (inline) return inlineOf(picture);
          throw new ProviderError(
            'imageEngineRejected',
            'this provider fetches pictures by URL: set PUBLIC_URL (or S3 presigned URLs)',
          );
        }
        let url = given.get(picture.buffer);
        if (!url) {
          url = store(picture, storage);
          given.set(picture.buffer, url);
        }
        return url;
      },
      async done() {
        for (const key of keys.splice(0)) await storage?.delete(key).catch(() => undefined);
      },
    };
  };
}

/**
 * Keeps the provider's own picture of a garment-locked output in our storage (`originals/…`) and
 * answers its `/files/` URL (signed on the way out like every files URL): the result page's toggle
 * shows it beside the locked one. Deleted with the task (tasks/service.ts deleteUserTask).
 */
export function originalKeeper(
  config: Config,
): (picture: { buffer: Buffer; contentType: string; ext: string }) => Promise<string> {
  let storage: Storage | null = null;
  return async (picture) => {
    storage ??= createStorage(config);
    return (await storage.put(newKey('originals', picture.ext), picture.buffer, picture.contentType)).url;
  };
}
