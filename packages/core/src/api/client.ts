import { readToken, type StoredToken } from './token.ts';

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
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Creates the typed API client that every front end uses to talk to the server. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const defaultTimeout = options.timeoutMs ?? 30_000;

  function url(path: string, query?: Query): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    return `${baseUrl}${path}${s ? `?${s}` : ''}`;
  }

  function authHeader(): Record<string, string> {
    const token: StoredToken | null = readToken(options.storage);
    return token ? { Authorization: `Bearer ${token.access_token}` } : {};
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { ...authHeader(), ...opts.headers };
    const lang = options.getLanguage?.();
    if (lang) headers['Accept-Language'] = lang;
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.body) {
      body = opts.body;
    }
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), opts.timeoutMs ?? defaultTimeout);
    opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason));
    let response: Response;
    try {
      response = await doFetch(url(path, opts.query), { method, headers, body, signal: controller.signal });
    } catch (err) {
      const timedOut = controller.signal.aborted && !opts.signal?.aborted;
      throw new ApiError(timedOut ? CLIENT_ERROR.timeout : CLIENT_ERROR.network, String(err), 0);
    } finally {
      clearTimeout(timeout);
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new ApiError(CLIENT_ERROR.badResponse, response.statusText, response.status);
    }
    if (response.status === 401 || envelope.code !== 0) {
      const error = new ApiError(envelope.code || response.status, envelope.msg ?? '', response.status, envelope.data);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    return envelope.data;
  }

  return {
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
    /** Raw fetch with auth (for binary answers such as the captcha image). */
    raw: (path: string, query?: Query, init?: RequestInit) =>
      doFetch(url(path, query), { ...init, headers: { ...authHeader(), ...(init?.headers as Record<string, string>) } }),
  };
}
