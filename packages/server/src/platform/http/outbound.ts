/**
 * The one way the server calls another HTTP service (engines, providers, SMS gateway, embeddings,
 * FastGPT, the hot-list feed): fetch with a time-out per attempt, retries with back-off on network
 * errors, 429 and 5xx (a Retry-After, in seconds or as a date, wins over the back-off), and an abort
 * signal that stops at once, also between attempts, with the signal's reason.
 *
 * The last answer is returned as it is, whatever its status, for the caller to judge; a network
 * error or time-out of the last attempt is thrown as fetch threw it (a time-out is a DOMException
 * named `TimeoutError`).
 */
export interface OutboundOptions {
  /** Time-out of one attempt, in ms. */
  timeoutMs: number;
  /** Further attempts after a network error, 429 or 5xx (default 0: one attempt). */
  retries?: number;
  /** First back-off in ms, doubling each attempt (default 500). */
  backoffMs?: number;
  /** Stops the call at once, with the signal's reason. `init.signal` counts as well. */
  signal?: AbortSignal;
}

/** A pause that an abort cuts short (rejecting with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After as milliseconds (delta seconds or an HTTP date), capped at a minute; null when absent or unreadable. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 60_000) : null;
}

/** Whether an answer is worth another attempt: the service is busy (429) or failing (5xx). */
export const retryableStatus = (status: number) => status === 429 || status >= 500;

export async function fetchWithRetry(
  input: string | URL | Request,
  init: RequestInit,
  options: OutboundOptions,
): Promise<Response> {
  const retries = options.retries ?? 0;
  const backoff = options.backoffMs ?? 500;
  const outer = [options.signal, init.signal ?? undefined].filter((s): s is AbortSignal => !!s);
  const stop = outer.length > 1 ? AbortSignal.any(outer) : outer[0];
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries;
    let res: Response;
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      res = await fetch(input, { ...init, signal: stop ? AbortSignal.any([stop, timeout]) : timeout });
    } catch (err) {
      if (stop?.aborted) throw stop.reason;
      if (last) throw err;
      await sleep(backoff * 2 ** attempt, stop);
      continue;
    }
    if (last || !retryableStatus(res.status)) return res;
    await res.body?.cancel();
    await sleep(retryAfterMs(res.headers.get('retry-after')) ?? backoff * 2 ** attempt, stop);
  }
}

/** fetchWithRetry as a fetch function, for clients that take one (fal's, the providers' own calls). */
export function retryingFetch(options: OutboundOptions) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => fetchWithRetry(input, init, options);
}

/** True for the error a timed-out attempt throws. */
export const isTimeout = (err: unknown) => err instanceof Error && err.name === 'TimeoutError';
