import createClient from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';
import { LOADING_TIMEOUT_MS } from '../constants/tasks.ts';
import type { paths } from './schema.gen.ts';
import { readToken, type StoredToken } from './token.ts';
import type { ApiInit, EnvelopeData } from './typed.ts';
import { xhrSend } from './xhr-send.ts';

/** The envelope of every JSON answer: code 0 is success. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** The one error type of the API client. `code` is the server's code, or a client one below. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
/** Client-side codes: the request never got a JSON answer. */
export const CLIENT_ERROR = { network: -1, timeout: -2, badResponse: -3 } as const;

export interface ApiClientOptions {
  /** Origin + path prefix of the API, e.g. "" (same origin) or "http://localhost:8080". */
  baseUrl?: string;
  storage?: { getItem(key: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void };
  /** Language sent as Accept-Language so that server messages come translated. */
  getLanguage?: () => string;
  /** Called on a 401 answer (e.g. drop the token, open the login modal). */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Bytes of the body sent so far (uploads' progress; the request then goes by XMLHttpRequest in a browser). */
  onUploadProgress?: (loaded: number, total: number) => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Per-call extras the typed methods accept beside openapi-fetch's own options. */
interface CallExtras {
  timeoutMs?: number;
  signal?: AbortSignal | null;
  onUploadProgress?: (loaded: number, total: number) => void;
}

/**
 * Creates the API client every front end uses. Its typed methods (`GET`, `POST`, `PUT`, `DELETE`)
 * take their paths, parameters, bodies and answers from the generated OpenAPI types
 * (`schema.gen.ts`) and answer the envelope's `data`; failures of any kind throw `ApiError`.
 * `download`, `raw`, `url` and `upload` cover files, other binary answers, event streams and multipart
 * uploads.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  // Spec 001 §4: requests are given up after 30 s unless the call says otherwise (LOADING_TIMEOUT_MS).
  const defaultTimeout = options.timeoutMs ?? LOADING_TIMEOUT_MS.generation;

  function url(path: string, query?: Query): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    return `${baseUrl}${path}${s ? `?${s}` : ''}`;
  }

  /**
   * The signal of one call: aborted by the caller's signal or after the time-out (the call's own or
   * the client's). `failure` turns what fetch threw into the ApiError a caller sees (a time-out, or
   * a network failure, which a caller's abort counts as); `end` stops the clock.
   */
  function deadline(extras: CallExtras) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), extras.timeoutMs ?? defaultTimeout);
    const callerSignal = extras.signal;
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    callerSignal?.addEventListener('abort', () => controller.abort(callerSignal.reason));
    return {
      signal: controller.signal,
      failure(err: unknown): ApiError {
        if (err instanceof ApiError) return err;
        const timedOut = controller.signal.aborted && !callerSignal?.aborted;
        return new ApiError(timedOut ? CLIENT_ERROR.timeout : CLIENT_ERROR.network, String(err), 0);
      },
      end: () => clearTimeout(timer),
    };
  }

  function authHeader(): Record<string, string> {
    const token: StoredToken | null = readToken(options.storage);
    return token ? { Authorization: `Bearer ${token.access_token}` } : {};
  }

  /**
   * Sends one request with the token, the language and a timeout, and checks the envelope: a
   * network failure, a timeout, an answer that is not JSON, a 401 or a non-zero code throws
   * `ApiError`. A success answers a fresh Response with the same JSON body.
   */
  async function exchange(
    target: string,
    init: { method: string; headers: Headers; body?: BodyInit },
    extras: CallExtras = {},
  ): Promise<Response> {
    const headers = init.headers;
    for (const [name, value] of Object.entries(authHeader())) if (!headers.has(name)) headers.set(name, value);
    const lang = options.getLanguage?.();
    if (lang) headers.set('Accept-Language', lang);
    const call = deadline(extras);
    let response: Response;
    try {
      const progress = extras.onUploadProgress;
      response =
        progress && typeof XMLHttpRequest !== 'undefined'
          ? await xhrSend(target, { ...init, headers, signal: call.signal }, progress)
          : await doFetch(target, { method: init.method, headers, body: init.body, signal: call.signal });
    } catch (err) {
      throw call.failure(err);
    } finally {
      call.end();
    }
    let text: string;
    let envelope: Envelope<unknown>;
    try {
      text = await response.text();
      envelope = JSON.parse(text) as Envelope<unknown>;
    } catch {
      throw new ApiError(CLIENT_ERROR.badResponse, response.statusText, response.status);
    }
    if (response.status === 401 || envelope?.code !== 0) {
      const error = new ApiError(envelope?.code || response.status, envelope?.msg ?? '', response.status, envelope?.data);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    return new Response(text, { status: response.status, headers: { 'content-type': 'application/json' } });
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers = new Headers(opts.headers);
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.body) {
      body = opts.body;
    }
    const response = await exchange(url(path, opts.query), { method, headers, body }, opts);
    return ((await response.json()) as Envelope<T>).data;
  }

  // The typed client: openapi-fetch builds URLs and bodies from the generated paths; `exchange`
  // does the sending and the envelope checks, so both halves fail the same way.
  const typed = createClient<paths>({
    baseUrl,
    fetch: async (input: Request) => {
      // openapi-fetch copies options it does not know (timeoutMs) onto the Request it builds.
      const { timeoutMs } = input as Request & CallExtras;
      const body = input.body ? await input.arrayBuffer() : undefined;
      return exchange(
        input.url,
        { method: input.method, headers: new Headers(input.headers), body },
        { timeoutMs, signal: input.signal },
      );
    },
  });
  function method<M extends HttpMethod>(name: M) {
    return async <P extends PathsWithMethod<paths, M>>(path: P, ...init: ApiInit<M, P>): Promise<EnvelopeData<M, P>> => {
      const call = typed.request as (m: string, p: string, i?: unknown) => Promise<{ data?: Envelope<unknown> }>;
      const { data } = await call(name, path, init[0]);
      return data?.data as EnvelopeData<M, P>;
    };
  }

  return {
    GET: method('get'),
    POST: method('post'),
    PUT: method('put'),
    DELETE: method('delete'),
    request,
    url,
    authHeader,
    get: <T>(path: string, query?: Query, opts?: RequestOptions) => request<T>('GET', path, { ...opts, query }),
    post: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, json: json ?? {} }),
    postForm: <T>(path: string, form: Record<string, string>, opts?: RequestOptions) =>
      request<T>('POST', path, { ...opts, form }),
    put: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, json: json ?? {} }),
    del: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
    /** Multipart upload of one file as field `file`; answers the list of stored URLs. */
    upload: (file: Blob, filename = 'upload', path = '/api/upload', opts?: RequestOptions) => {
      const body = new FormData();
      body.append('file', file, filename);
      return request<string[]>('POST', path, { ...opts, body });
    },
    /**
     * A file the API answers (an export, a package, an output): its bytes and the file name the
     * server gives (Content-Disposition), with the token, the language and the time-out of any call,
     * which here covers reading the bytes too. A refusal throws ApiError with the server's code and
     * message (a 401 calls onUnauthorized), as the JSON calls do.
     */
    async download(
      path: string,
      query?: Query,
      opts: { timeoutMs?: number; signal?: AbortSignal } = {},
    ): Promise<{ blob: Blob; name: string | null }> {
      const headers: Record<string, string> = authHeader();
      const lang = options.getLanguage?.();
      if (lang) headers['Accept-Language'] = lang;
      const call = deadline(opts);
      try {
        const response = await doFetch(url(path, query), { headers, signal: call.signal });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
          const error = new ApiError(body?.code || response.status, body?.msg ?? '', response.status, body?.data);
          if (response.status === 401) options.onUnauthorized?.(error);
          throw error;
        }
        const blob = await response.blob();
        const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
        return { blob, name };
      } catch (err) {
        throw call.failure(err);
      } finally {
        call.end();
      }
    },
    /** Raw fetch with auth (for binary answers such as the captcha image). */
    raw: (path: string, query?: Query, init?: RequestInit) =>
      doFetch(url(path, query), { ...init, headers: { ...authHeader(), ...(init?.headers as Record<string, string>) } }),
  };
}
