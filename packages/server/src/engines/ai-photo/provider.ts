import { fetchWithRetry, sleep } from '../../platform/http/outbound.ts';
import { ImageEngineError, type ImageEngineErrorKey } from '../comfyui/http.ts';

/**
 * The contract between the `ai-photo` engine (engine.ts) and the fashion providers it routes to
 * (engines/fashn, engines/dashscope, engines/fal). A provider turns one task into pictures through
 * its own API: it is handed the task's inputs as URLs it can fetch (short-lived signed URLs of our
 * storage, or data URLs where the API takes them), polls or waits until the pictures are ready,
 * and answers their bytes with what the provider charged for them.
 */
export type ProviderName = 'fashn' | 'dashscope' | 'fal';
export const PROVIDER_NAMES: readonly ProviderName[] = ['fashn', 'dashscope', 'fal'];
/** The setting that turns each provider on (docs/configuration.md). */
export const PROVIDER_KEYS: Readonly<Record<ProviderName, string>> = {
  fashn: 'FASHN_API_KEY',
  dashscope: 'DASHSCOPE_API_KEY',
  fal: 'FAL_KEY',
};

/** A currency a provider reports its cost in: FASHN credits, DashScope CNY, fal USD. */
export type CostCurrency = 'credits' | 'CNY' | 'USD';

/**
 * Where a run's cost comes from: the provider `reported` it with the work (FASHN's credits header),
 * the operator's `route` unit cost, or the provider's `published` price (DashScope's price table,
 * fal's pricing API).
 */
export type CostSource = 'reported' | 'route' | 'published';

export interface ProviderRequest {
  taskId: string;
  bizType: string;
  /** The model the routing table names for this business type (or the provider's default). */
  model: string;
  /** The task's validated parameters (core generation params). */
  params: Record<string, unknown>;
  /** Operator parameters of the route, merged into the provider's request body. */
  extra: Record<string, unknown>;
  /** The task's input pictures as URLs the provider can fetch, in the task's order. */
  images: string[];
  /** The subject's cutout (transparent PNG) as a URL, for APIs that want one (DashScope backgrounds). */
  cutout?: () => Promise<string>;
  signal: AbortSignal;
  progress(percent: number): void;
}

export interface ProviderPicture {
  buffer: Buffer;
  contentType: string;
}

export interface ProviderResult {
  pictures: ProviderPicture[];
  /** What the provider charged (null: unknown; the route's unit cost is used when there is one). */
  cost: number | null;
  /** `reported` by the provider with the work, or its `published` price for what was made. */
  costSource?: Exclude<CostSource, 'route'>;
  currency: CostCurrency;
  /** The provider's own id(s) of the work, for the console. */
  providerTaskId: string;
  /** The model that made the pictures, when the provider chose another than the route's (FASHN's background-change). */
  model?: string;
}

export interface PhotoProvider {
  readonly name: ProviderName;
  /** The business types this provider serves, each with its default model. */
  readonly serves: Readonly<Record<string, string>>;
  readonly currency: CostCurrency;
  /**
   * Inputs a business type needs at this provider beyond what the tool itself asks for (DashScope's
   * shoemodel works on a model picture as its template): the task is refused with `key` (an error
   * catalogue key) before it is charged.
   */
  readonly needs?: Readonly<Record<string, { inputs: number; key: string }>>;
  run(request: ProviderRequest): Promise<ProviderResult>;
}

/**
 * A provider's failure with an error catalogue key (core errors.ts), so the task shows a
 * translated message: the image engine keys, plus `imageModerationRefused` (the provider's content
 * check refused the pictures or words) and `imageProviderInput` (it could not use the picture).
 */
export type ProviderErrorKey = ImageEngineErrorKey | 'imageModerationRefused' | 'imageProviderInput';

export class ProviderError extends ImageEngineError {
  constructor(
    readonly providerKey: ProviderErrorKey,
    message: string,
  ) {
    // The task runner reads `key` of an ImageEngineError: any catalogue key works there.
    super(providerKey as ImageEngineErrorKey, message);
  }
}

/** How long a provider may take for one task before it is given up (and the task refunded). */
export interface PollOptions {
  intervalMs: number;
  deadlineMs: number;
}

/** Polls `check` until it answers a value, the deadline passes (imageEngineTimeout) or the signal aborts. */
export async function pollUntil<T>(check: () => Promise<T | undefined>, options: PollOptions, signal: AbortSignal): Promise<T> {
  const deadline = Date.now() + options.deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() + options.intervalMs > deadline) throw new ProviderError('imageEngineTimeout', 'the provider took too long');
    await sleep(options.intervalMs, signal);
  }
}

/** Reads a picture a provider answered by URL (these expire: fetched at once). */
export async function fetchPicture(url: string, signal: AbortSignal, timeoutMs = 60_000): Promise<ProviderPicture> {
  if (url.startsWith('data:')) {
    const m = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
    if (!m) throw new ProviderError('imageEngineFailed', 'an unreadable data URL');
    return { buffer: Buffer.from(m[3] ?? '', m[2] ? 'base64' : 'utf8'), contentType: m[1] ?? 'image/png' };
  }
  const res = await fetchWithRetry(url, {}, { retries: 2, timeoutMs, signal });
  if (!res.ok) throw new ProviderError('imageEngineFailed', `picture ${res.status}`);
  return { buffer: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'image/png' };
}

/** The task's number of pictures (genNum, 1 to 4). */
export const pictureCount = (params: Record<string, unknown>) =>
  typeof params.genNum === 'number' ? Math.max(1, Math.min(4, params.genNum)) : 1;

/** The task's scene words, or a fallback. */
export const sceneOf = (params: Record<string, unknown>, fallback: string) =>
  typeof params.scene === 'string' && params.scene.trim() ? params.scene.trim() : fallback;
