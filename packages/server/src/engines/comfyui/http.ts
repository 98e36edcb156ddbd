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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * fetch with a time-out per attempt and retries on network errors, 429 and 5xx (the engine is
 * momentarily busy or restarting); 4xx answers are returned for the caller to judge. Aborting the
 * signal stops at once with the signal's reason.
 */
export async function request(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const backoff = options.backoffMs ?? 250;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= options.retries;
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) });
    } catch (err) {
      if (options.signal.aborted) throw options.signal.reason;
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      if (last) throw new ImageEngineError(timedOut ? 'imageEngineTimeout' : 'imageEngineUnreachable', `${url}: ${String(err)}`);
      await sleep(backoff * 2 ** attempt, options.signal);
      continue;
    }
    if (res.status !== 429 && res.status < 500) return res;
    await res.body?.cancel();
    if (last)
      throw new ImageEngineError(res.status === 429 ? 'imageEngineBusy' : 'imageEngineFailed', `${url}: HTTP ${res.status}`);
    const retryAfter = Number(res.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff * 2 ** attempt, options.signal);
  }
}
