import Fashn from 'fashn';
import sharp from 'sharp';
import {
  fetchPicture,
  type PhotoProvider,
  ProviderError,
  type ProviderPicture,
  type ProviderRequest,
  type ProviderResult,
  pictureCount,
  pollUntil,
  sceneOf,
} from '../provider.ts';

/**
 * FASHN (https://docs.fashn.ai) through its official TypeScript SDK (`fashn` on npm): every model is
 * `POST /v1/run` with `{ model_name, inputs }` answering a prediction id, then `GET /v1/status/{id}`
 * until `completed` or `failed` (statuses `starting`, `in_queue`, `processing`); the credits a
 * prediction used come in the `x-fashn-credits-used` header of the final status. The SDK retries
 * connection errors, 408, 409, 429 and 5xx with back-off and honours Retry-After; FASHN has no
 * cancel, so a stopped task stops polling. Images are handed over as URLs or base64 data URLs.
 *
 * Business types: TRY_ON `tryon-v1.6` (set: one-pieces; split: tops, then bottoms on the result
 * when a third picture is given), MANNEQUIN_IMAGE and PRODUCT_IMAGE `product-to-model` (with the
 * chosen model's picture when given; PRODUCT_IMAGE without one: `background-change`),
 * MODEL_IMAGE_NEW `model-swap`, CUSTOMIZED_MODEL `model-create`, SHOES_IMAGE and WIG_IMAGE
 * `product-to-model` (shoes and accessories are products it dresses a model in, per its docs).
 *
 * Ratios: the tools' ratio option (`1:1`, `3:4`, `16:9`, `9:16`) goes to the models that take an
 * aspect ratio (`product-to-model` without a model picture, `model-create`); the pictures of the
 * others (try-on, model swap, background change, product-to-model on a model picture keep the input's
 * framing) are then each given to `reframe` (docs.fashn.ai "Reframe": `{ image, aspect_ratio }`, one
 * credit per picture), whose credits are added to the task's.
 */
export const FASHN_SERVES: Record<string, string> = {
  TRY_ON: 'tryon-v1.6',
  MANNEQUIN_IMAGE: 'product-to-model',
  PRODUCT_IMAGE: 'product-to-model',
  MODEL_IMAGE_NEW: 'model-swap',
  CUSTOMIZED_MODEL: 'model-create',
  // product-to-model takes "clothing, shoes, hats, jewelry, bags, and accessories" (docs.fashn.ai
  // "Product to Model"): the shoes or the wig on a new model, or on the chosen model's picture.
  SHOES_IMAGE: 'product-to-model',
  WIG_IMAGE: 'product-to-model',
};

export interface FashnOptions {
  apiKey: string;
  /** FASHN_BASE_URL: `https://api.fashn.ai/v1` by default (the SDK adds `/v1` itself). */
  baseUrl?: string;
  /** Per request. */
  timeoutMs?: number;
  maxRetries?: number;
  pollMs?: number;
  /** Longest wait for one prediction. */
  deadlineMs?: number;
}

type Status = Fashn.PredictionStatusResponse;

const ASPECTS = new Set(['1:1', '2:3', '3:4', '4:5', '5:4', '4:3', '3:2', '16:9', '9:16']);
/** Aspect ratios `reframe` takes (docs.fashn.ai "Reframe", `aspect_ratio`). */
const REFRAME_ASPECTS = new Set(['21:9', '1:1', '4:3', '3:2', '2:3', '5:4', '4:5', '3:4', '16:9', '9:16']);

/** The `reframe` request of one picture (the SDK's types predate its `aspect_ratio` input). */
const reframeBody = (image: string, aspectRatio: string) =>
  ({ model_name: 'reframe', inputs: { image, aspect_ratio: aspectRatio } }) as unknown as Fashn.PredictionRunParams;

/** Runtime error names of the status answer, as catalogue keys. */
function runtimeKey(name: string | undefined) {
  if (name === 'ContentModerationError') return 'imageModerationRefused' as const;
  if (name === 'ImageLoadError' || name === 'PoseError' || name === 'InputValidationError') return 'imageProviderInput' as const;
  if (name === 'PollingTimeout') return 'imageEngineTimeout' as const;
  return 'imageEngineFailed' as const;
}

/** An SDK error (API-level: no prediction was made) as a catalogue key. */
function mapApiError(err: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason ?? err;
  if (err instanceof ProviderError) return err;
  if (err instanceof Fashn.APIConnectionTimeoutError) return new ProviderError('imageEngineTimeout', String(err));
  if (err instanceof Fashn.APIUserAbortError) return signal.reason ?? err;
  if (err instanceof Fashn.APIConnectionError) return new ProviderError('imageEngineUnreachable', err.message);
  if (err instanceof Fashn.APIError) {
    const body = (err.error ?? {}) as { error?: string; message?: string };
    const what = `HTTP ${err.status} ${body.error ?? ''}: ${body.message ?? err.message}`;
    if (err.status === 429 && body.error !== 'OutOfCredits') return new ProviderError('imageEngineBusy', what);
    if ((err.status ?? 0) >= 500) return new ProviderError('imageEngineFailed', what);
    return new ProviderError('imageEngineRejected', what);
  }
  return err;
}

export function createFashnProvider(options: FashnOptions): PhotoProvider {
  const client = new Fashn({
    apiKey: options.apiKey,
    baseURL: (options.baseUrl ?? 'https://api.fashn.ai/v1').replace(/\/+$/, '').replace(/\/v1$/, ''),
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 3,
  });
  const poll = { intervalMs: options.pollMs ?? 2000, deadlineMs: options.deadlineMs ?? 6 * 60_000 };

  /** One prediction to its end: its output URLs and credits. */
  async function predict(body: Fashn.PredictionRunParams, signal: AbortSignal) {
    const started = await client.predictions.run(body, { signal });
    if (started.error) throw new ProviderError('imageEngineRejected', started.error);
    let credits = 0;
    const final = await pollUntil<Status>(
      async () => {
        const { data, response } = await client.predictions.status(started.id, { signal }).withResponse();
        if (data.status === 'starting' || data.status === 'in_queue' || data.status === 'processing') return undefined;
        credits = Number(response.headers.get('x-fashn-credits-used') ?? 0) || 0;
        return data;
      },
      poll,
      signal,
    );
    if (final.status !== 'completed' || !final.output?.length) {
      const error = final.error;
      throw new ProviderError(
        final.status === 'time_out' ? 'imageEngineTimeout' : runtimeKey(error?.name),
        `${final.status} ${error?.name ?? ''}: ${error?.message ?? ''}`,
      );
    }
    return { id: started.id, output: final.output, credits };
  }

  function bodiesOf(req: ProviderRequest): Array<(previous?: string) => Fashn.PredictionRunParams> {
    const [first = '', second, third] = req.images;
    const prompt = sceneOf(req.params, '');
    const ratio = typeof req.params.ratio === 'string' && ASPECTS.has(req.params.ratio) ? req.params.ratio : undefined;
    const n = pictureCount(req.params);
    const extra = req.extra;
    switch (req.bizType) {
      case 'TRY_ON': {
        const set = req.params.tryonType === 'set';
        const steps: Array<(previous?: string) => Fashn.PredictionRunParams> = [
          () => ({
            model_name: 'tryon-v1.6',
            inputs: {
              model_image: first,
              garment_image: second ?? '',
              category: set ? 'one-pieces' : third ? 'tops' : 'auto',
              num_samples: third ? 1 : n,
              ...extra,
            },
          }),
        ];
        // Mix and match with a bottom: the bottom is put on the first step's picture.
        if (!set && third)
          steps.push((previous) => ({
            model_name: 'tryon-v1.6',
            inputs: { model_image: previous ?? first, garment_image: third, category: 'bottoms', num_samples: n, ...extra },
          }));
        return steps;
      }
      case 'MANNEQUIN_IMAGE':
      case 'SHOES_IMAGE':
      case 'WIG_IMAGE':
      case 'PRODUCT_IMAGE':
        if (req.bizType === 'PRODUCT_IMAGE' && !second)
          return [
            () => ({
              model_name: 'background-change',
              inputs: { image: first, prompt: prompt || 'clean studio background', ...extra },
            }),
          ];
        return [
          () => ({
            model_name: 'product-to-model',
            inputs: {
              product_image: first,
              ...(second ? { model_image: second } : {}),
              ...(prompt ? { prompt } : {}),
              ...(ratio && !second ? { aspect_ratio: ratio as '1:1' } : {}),
              ...extra,
            },
          }),
        ];
      case 'MODEL_IMAGE_NEW':
        return [() => ({ model_name: 'model-swap', inputs: { model_image: first, ...(prompt ? { prompt } : {}), ...extra } })];
      case 'CUSTOMIZED_MODEL':
        return [
          () => ({
            model_name: 'model-create',
            inputs: {
              prompt: prompt || 'professional fashion model, studio photo',
              // Optional (docs.fashn.ai "Model Create"): a figure made from words alone (the starter library) has none.
              ...(first ? { image_reference: first } : {}),
              ...(ratio ? { aspect_ratio: ratio as '1:1' } : {}),
              ...extra,
            },
          }),
        ];
      default:
        throw new ProviderError('imageEngineRejected', `FASHN does not make ${req.bizType}`);
    }
  }

  return {
    name: 'fashn',
    serves: FASHN_SERVES,
    currency: 'credits',
    async run(req: ProviderRequest): Promise<ProviderResult> {
      try {
        const steps = bodiesOf(req);
        const ids: string[] = [];
        let credits = 0;
        let urls: string[] = [];
        // Try-on makes its samples in one prediction; the other models one picture per prediction.
        const parallel = req.bizType === 'TRY_ON' ? 1 : pictureCount(req.params);
        for (const [i, step] of steps.entries()) {
          const runs = await Promise.all(Array.from({ length: parallel }, () => predict(step(urls[0]), req.signal)));
          for (const r of runs) {
            ids.push(r.id);
            credits += r.credits;
          }
          urls = runs.flatMap((r) => r.output);
          req.progress(20 + Math.round((70 * (i + 1)) / steps.length));
        }
        const pictures: ProviderPicture[] = [];
        for (const url of urls) pictures.push(await fetchPicture(url, req.signal));
        // A ratio the model could not make itself: each picture not already at it is reframed (a prediction each).
        const ratio = typeof req.params.ratio === 'string' ? req.params.ratio : '';
        const native = steps[0]?.().inputs as { aspect_ratio?: string } | undefined;
        if (REFRAME_ASPECTS.has(ratio) && native?.aspect_ratio !== ratio) {
          const [w = 1, h = 1] = ratio.split(':').map(Number);
          await Promise.all(
            pictures.map(async (picture, i) => {
              const meta = await sharp(picture.buffer).metadata();
              if (meta.width && meta.height && Math.abs(meta.width / meta.height - w / h) <= 0.01 * (w / h)) return;
              const r = await predict(reframeBody(urls[i] ?? '', ratio), req.signal);
              ids.push(r.id);
              credits += r.credits;
              const url = r.output[0];
              if (!url) throw new ProviderError('imageEngineFailed', `reframe ${r.id} answered no picture`);
              pictures[i] = await fetchPicture(url, req.signal);
            }),
          );
          req.progress(92);
        }
        const made = steps[0]?.().model_name;
        return {
          pictures,
          cost: credits,
          costSource: 'reported',
          currency: 'credits',
          providerTaskId: ids.join(','),
          model: made,
        };
      } catch (err) {
        throw mapApiError(err, req.signal);
      }
    },
  };
}
