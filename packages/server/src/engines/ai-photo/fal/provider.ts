import { ApiError, createFalClient } from '@fal-ai/client';
import sharp from 'sharp';
import { retryingFetch } from '../../../platform/http/outbound.ts';
import {
  fetchPicture,
  type PhotoProvider,
  ProviderError,
  type ProviderErrorKey,
  type ProviderPicture,
  type ProviderRequest,
  type ProviderResult,
  pictureCount,
  pollUntil,
  sceneOf,
} from '../provider.ts';

/**
 * fal.ai through its official client (`@fal-ai/client`), queue API: `submit` (POST
 * `https://queue.fal.run/{model}` answering `request_id`), `status` (IN_QUEUE with its
 * `queue_position`, IN_PROGRESS, COMPLETED), `result` (the model's JSON output, pictures as
 * `images[].url` or `image.url`) and `cancel` (PUT `.../requests/{id}/cancel`). FAL_BASE_URL is the
 * client's `proxyUrl`: every request then goes there with the real address in `x-fal-target-url`
 * (a fal proxy, or a test double). The model per business type is operator configuration (the
 * routing table); the defaults below are open models fal hosts. The client's own retries are off:
 * ours (retryingFetch) also honour Retry-After.
 *
 * Cost: fal's queue answers no price per request, but its Platform API publishes each endpoint's
 * unit price (`GET https://api.fal.ai/v1/models/pricing?endpoint_id=…` answering
 * `{ prices: [{ endpoint_id, unit_price, unit, currency }], next_cursor, has_more }`, the account's own
 * prices): a run records unit_price x pictures (unit `image`), x output megapixels (`megapixel`) or
 * once (`request`), as its `published` cost in USD; a route's unit cost wins over it (engine.ts).
 * Prices are read once an hour per model; an unknown unit or an unreachable API records no cost.
 */
export const FAL_PRICING_URL = 'https://api.fal.ai/v1/models/pricing';

interface FalPrice {
  endpoint_id: string;
  unit_price: number;
  unit: string;
  currency: string;
}

/** The USD cost of the pictures made at a published price, or null when its unit is not one of ours. */
export async function falCostOf(price: FalPrice | null, pictures: readonly ProviderPicture[]): Promise<number | null> {
  if (price?.currency !== 'USD' || !Number.isFinite(price.unit_price)) return null;
  const unit = price.unit.toLowerCase();
  let units: number | null = null;
  if (/^images?$/.test(unit)) units = pictures.length;
  else if (/^requests?$/.test(unit)) units = 1;
  else if (/megapixel/.test(unit)) {
    units = 0;
    for (const p of pictures) {
      const meta = await sharp(p.buffer).metadata();
      units += ((meta.width ?? 0) * (meta.height ?? 0)) / 1e6;
    }
  }
  return units === null ? null : Math.round(price.unit_price * units * 10_000) / 10_000;
}
export const FAL_SERVES: Record<string, string> = {
  TRY_ON: 'fal-ai/fashn/tryon/v1.6',
  MANNEQUIN_IMAGE: 'fal-ai/flux-pro/kontext',
  MODEL_IMAGE_NEW: 'fal-ai/flux-pro/kontext',
  PRODUCT_IMAGE: 'fal-ai/flux-pro/kontext',
  SHOES_IMAGE: 'fal-ai/flux-pro/kontext',
  WIG_IMAGE: 'fal-ai/flux-pro/kontext',
};

const PROMPTS: Record<string, string> = {
  MANNEQUIN_IMAGE: 'Replace the mannequin with a real fashion model wearing exactly the same clothes, keep the garment unchanged',
  MODEL_IMAGE_NEW: 'Replace the person with a different real fashion model, keep the clothes, pose and background unchanged',
  PRODUCT_IMAGE: 'Place this product in an attractive commercial scene, keep the product unchanged',
  SHOES_IMAGE: 'A model wearing these shoes, professional e-commerce photo, keep the shoes unchanged',
  WIG_IMAGE: 'A real model wearing this wig, natural hairline, professional photo',
};

export interface FalOptions {
  apiKey: string;
  /** FAL_BASE_URL: a proxy (or test double) every request goes through. */
  baseUrl?: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  pollMs?: number;
  deadlineMs?: number;
}

function falKey(err: ApiError<unknown>): ProviderErrorKey {
  const body = JSON.stringify(err.body ?? '');
  if (/content_policy_violation|nsfw/i.test(body)) return 'imageModerationRefused';
  if (err.status === 429) return 'imageEngineBusy';
  if (err.status === 504 || err.isUserTimeout) return 'imageEngineTimeout';
  if (err.status >= 500) return 'imageEngineFailed';
  if (err.status === 422) return 'imageProviderInput';
  return 'imageEngineRejected';
}

export function createFalProvider(options: FalOptions): PhotoProvider {
  const fal = createFalClient({
    credentials: options.apiKey,
    // On a server the client proxies only when told to (`when: 'always'`).
    ...(options.baseUrl ? { proxyUrl: { url: options.baseUrl, when: 'always' as const } } : {}),
    fetch: retryingFetch({
      retries: options.retries ?? 3,
      timeoutMs: options.timeoutMs ?? 60_000,
      backoffMs: options.backoffMs,
    }) as typeof fetch,
    retry: { maxRetries: 0 },
  });
  const poll = { intervalMs: options.pollMs ?? 2000, deadlineMs: options.deadlineMs ?? 6 * 60_000 };

  // The published unit price per model, read at most once an hour (a failed read is retried next task).
  const prices = new Map<string, { at: number; price: FalPrice | null }>();
  async function priceOf(model: string): Promise<FalPrice | null> {
    const cached = prices.get(model);
    if (cached && Date.now() - cached.at < 3600_000) return cached.price;
    const target = `${FAL_PRICING_URL}?endpoint_id=${encodeURIComponent(model)}`;
    const headers: Record<string, string> = { authorization: `Key ${options.apiKey}`, accept: 'application/json' };
    // Through FAL_BASE_URL (a proxy or test double) as the client sends its own requests.
    if (options.baseUrl) headers['x-fal-target-url'] = target;
    try {
      const res = await retryingFetch({ retries: 1, timeoutMs: 10_000, backoffMs: options.backoffMs })(
        options.baseUrl ?? target,
        {
          headers,
        },
      );
      if (!res.ok) {
        await res.body?.cancel();
        return null;
      }
      const body = (await res.json()) as { prices?: FalPrice[] };
      const price = body.prices?.find((p) => p.endpoint_id === model) ?? null;
      prices.set(model, { at: Date.now(), price });
      return price;
    } catch {
      return null;
    }
  }

  function inputOf(req: ProviderRequest): Record<string, unknown> {
    const [first = '', second] = req.images;
    if (req.bizType === 'TRY_ON')
      return {
        model_image: first,
        garment_image: second,
        category: req.params.tryonType === 'set' ? 'one-pieces' : 'auto',
        num_samples: pictureCount(req.params),
        ...req.extra,
      };
    return {
      prompt: sceneOf(req.params, PROMPTS[req.bizType] ?? 'professional e-commerce photo'),
      image_url: first,
      num_images: pictureCount(req.params),
      ...req.extra,
    };
  }

  return {
    name: 'fal',
    serves: FAL_SERVES,
    currency: 'USD',
    async run(req: ProviderRequest): Promise<ProviderResult> {
      const model = req.model;
      let requestId = '';
      const cancel = () => {
        if (requestId) void fal.queue.cancel(model, { requestId }).catch(() => undefined);
      };
      req.signal.addEventListener('abort', cancel, { once: true });
      try {
        const queued = await fal.queue.submit(model, { input: inputOf(req), abortSignal: req.signal });
        requestId = queued.request_id;
        req.progress(15);
        await pollUntil(
          async () => {
            const status = await fal.queue.status(model, { requestId, abortSignal: req.signal });
            if (status.status === 'COMPLETED') return true;
            req.progress(status.status === 'IN_PROGRESS' ? 50 : 20);
            return undefined;
          },
          poll,
          req.signal,
        ).catch((err) => {
          if (!req.signal.aborted) cancel();
          throw err;
        });
        const result = await fal.queue.result(model, { requestId, abortSignal: req.signal });
        const data = (result.data ?? {}) as {
          images?: Array<{ url?: string }>;
          image?: { url?: string };
          has_nsfw_concepts?: boolean[];
        };
        const urls = [...(data.images ?? []), ...(data.image ? [data.image] : [])]
          .map((i) => i.url)
          .filter((u): u is string => !!u);
        if (!urls.length) throw new ProviderError('imageEngineFailed', `fal ${model} ${requestId} answered no pictures`);
        if (data.has_nsfw_concepts?.some(Boolean))
          throw new ProviderError('imageModerationRefused', `fal ${model} flagged its pictures`);
        req.progress(85);
        const pictures: ProviderPicture[] = [];
        for (const url of urls) pictures.push(await fetchPicture(url, req.signal));
        const cost = await falCostOf(await priceOf(model), pictures);
        return { pictures, cost, costSource: 'published', currency: 'USD', providerTaskId: requestId };
      } catch (err) {
        if (req.signal.aborted) throw req.signal.reason ?? err;
        if (err instanceof ProviderError) throw err;
        if (err instanceof ApiError) throw new ProviderError(falKey(err), `fal ${model}: HTTP ${err.status} ${err.message}`);
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new ProviderError(timedOut ? 'imageEngineTimeout' : 'imageEngineUnreachable', `fal ${model}: ${String(err)}`);
      } finally {
        req.signal.removeEventListener('abort', cancel);
      }
    },
  };
}
