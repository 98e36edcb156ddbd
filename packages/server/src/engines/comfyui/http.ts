import { fetchWithRetry, isTimeout, retryableStatus } from '../../platform/http/outbound.ts';

/**
 * Errors of remote image engines, each with an error catalogue key (core errors.ts) so what the
 * operator and the user see is a translated message, not a provider's text.
 */
export type ImageEngineErrorKey =
  | 'imageEngineUnreachable'
  | 'imageEngineBusy'
  | 'imageEngineTimeout'
  | 'imageEngineRejected'
  | 'imageEngineFailed';

export class ImageEngineError extends Error {
  constructor(
    readonly key: ImageEngineErrorKey,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  signal: AbortSignal;
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a network error, 429 or 5xx. */
  retries: number;
  /** First back-off (doubles each attempt; a 429's Retry-After wins). */
  backoffMs?: number;
}

/**
 * fetchWithRetry (http/outbound.ts) for the engines: 4xx answers are returned for the caller to
 * judge; what is still a network error, 429 or 5xx after the retries becomes an ImageEngineError.
 * Aborting the signal stops at once with the signal's reason.
 */
export async function request(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetchWithRetry(url, init, { ...options, backoffMs: options.backoffMs ?? 250 });
  } catch (err) {
    if (options.signal.aborted) throw options.signal.reason;
    throw new ImageEngineError(isTimeout(err) ? 'imageEngineTimeout' : 'imageEngineUnreachable', `${url}: ${String(err)}`);
  }
  if (!retryableStatus(res.status)) return res;
  await res.body?.cancel();
  throw new ImageEngineError(res.status === 429 ? 'imageEngineBusy' : 'imageEngineFailed', `${url}: HTTP ${res.status}`);
}
