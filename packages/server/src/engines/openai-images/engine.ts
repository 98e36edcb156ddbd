import type * as OpenAiModule from 'openai';
import type OpenAI from 'openai';
import sharp from 'sharp';
import { requireOnUse } from '../../platform/require-on-use.ts';
import { ImageEngineError, request } from '../comfyui/http.ts';
import { MASK_MAX_PIXELS, pngSize } from '../mask-size.ts';
import { checkAborted, type Engine, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';

/**
 * The `openai-images` engine: any OpenAI-compatible images API through the official `openai` client.
 * A task with input pictures goes to `POST {base}/images/edits` (the pictures, and a mask when the
 * task has one: PNG whose transparent pixels are the area to redraw), one without to
 * `POST {base}/images/generations`. Answers may carry `b64_json` or a `url` (fetched at once, as
 * such URLs expire). Retries on 429/5xx and time-outs are the client's (maxRetries, timeout).
 */
export interface OpenAiImagesOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
}

/** The picture tools this engine can serve: each is a picture described in words, edited from the user's inputs. */
export const OPENAI_IMAGE_TYPES: Record<string, string> = {
  MANNEQUIN_IMAGE: 'Replace the mannequin with a real fashion model wearing exactly the same clothes.',
  MODEL_IMAGE_NEW: 'A real fashion model wearing this product, professional e-commerce photo.',
  PRODUCT_IMAGE: 'This product in an attractive commercial scene, professional product photo.',
  WIG_IMAGE: 'A real model wearing this wig, natural hairline, professional photo.',
  SHOES_IMAGE: 'A model wearing these shoes, professional e-commerce photo.',
  TRY_ON: 'The person in the first picture wearing the garment of the second picture, same pose and face.',
  CUSTOMIZED_MODEL: 'A consistent portrait of this model, professional studio photo.',
  PET_IMAGE_CUSTOMIZED: 'This pet in a charming commercial photo.',
};

/** Sizes the images API accepts (gpt-image family); the nearest to the task's ratio. */
function sizeOf(params: Record<string, unknown>): '1024x1024' | '1024x1536' | '1536x1024' {
  const m = typeof params.ratio === 'string' ? /^(\d+):(\d+)$/.exec(params.ratio) : null;
  if (!m) return '1024x1024';
  const r = Number(m[1]) / Number(m[2]);
  return r < 0.85 ? '1024x1536' : r > 1.18 ? '1536x1024' : '1024x1024';
}

function promptOf(bizType: string, params: Record<string, unknown>): string {
  const base = OPENAI_IMAGE_TYPES[bizType] ?? '';
  const extra = [params.prompt, params.scene].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const colour = typeof params.backgroundColor === 'string' ? `Background colour ${params.backgroundColor}.` : '';
  return [base, ...extra, colour].filter(Boolean).join(' ');
}

/** A mask given as a data URL (PNG); anything else is not a mask. */
function maskOf(params: Record<string, unknown>): Buffer | null {
  const m = typeof params.mask === 'string' ? /^data:image\/png;base64,(.+)$/.exec(params.mask) : null;
  return m?.[1] ? Buffer.from(m[1], 'base64') : null;
}

/** The client (about 300 modules) loads with the first engine that uses it, not at start (platform/require-on-use.ts). */
const openai = () => requireOnUse<typeof OpenAiModule>('openai');

function mapError(err: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason ?? err;
  if (err instanceof ImageEngineError) return err;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = openai();
  if (err instanceof APIUserAbortError || err instanceof APIConnectionTimeoutError)
    return new ImageEngineError('imageEngineTimeout', String(err));
  if (err instanceof APIConnectionError) return new ImageEngineError('imageEngineUnreachable', err.message);
  if (err instanceof APIError) {
    const status = err.status ?? 0;
    if (status === 429) return new ImageEngineError('imageEngineBusy', err.message);
    if (status >= 500 || status === 0) return new ImageEngineError('imageEngineFailed', err.message);
    return new ImageEngineError('imageEngineRejected', `HTTP ${status}: ${err.message}`);
  }
  return err;
}

export function createOpenAiImagesEngine(options: OpenAiImagesOptions): Engine {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const { default: OpenAI, toFile } = openai();
  const client = new OpenAI({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey || 'not-needed',
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });

  async function toOutput(item: { b64_json?: string | null; url?: string | null }, signal: AbortSignal): Promise<EngineOutput> {
    let buffer: Buffer;
    if (item.b64_json) buffer = Buffer.from(item.b64_json, 'base64');
    else if (item.url) {
      const res = await request(item.url, {}, { signal, timeoutMs: 60_000, retries: 2 });
      if (!res.ok) throw new ImageEngineError('imageEngineFailed', `image url: HTTP ${res.status}`);
      buffer = Buffer.from(await res.arrayBuffer());
    } else throw new ImageEngineError('imageEngineFailed', 'an answer without b64_json or url');
    // The answer says nothing reliable about the format: read it from the bytes.
    const format = await sharp(buffer)
      .metadata()
      .then((m) => m.format)
      .catch(() => undefined);
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp')
      throw new ImageEngineError('imageEngineFailed', 'the answer is not a picture');
    return { buffer, contentType: `image/${format}`, type: 'image', ext: format === 'jpeg' ? 'jpg' : format };
  }

  return {
    name: 'openai-images',
    bizTypes: Object.keys(OPENAI_IMAGE_TYPES),
    /** A redraw mask is bounded from its header before it is sent (the API decodes it). */
    async validate(_bizType: string, params: Record<string, unknown>) {
      if (typeof params.mask !== 'string') return;
      const size = pngSize(params.mask);
      if (!size || size.width * size.height > MASK_MAX_PIXELS) throw new EngineInputError('mask too large', 'maskSizeInvalid');
    },
    async run(job: EngineJob) {
      checkAborted(job.signal);
      const n = typeof job.params.genNum === 'number' ? job.params.genNum : 1;
      const common = { model: options.model, prompt: promptOf(job.bizType, job.params), n, size: sizeOf(job.params) };
      job.progress(5);
      try {
        let answer: OpenAI.Images.ImagesResponse;
        if (job.inputs.length) {
          const images = await Promise.all(
            job.inputs.map((input, i) =>
              toFile(input.buffer, `input-${i}.${input.contentType.split('/')[1] ?? 'png'}`, { type: input.contentType }),
            ),
          );
          const mask = maskOf(job.params);
          answer = await client.images.edit(
            {
              ...common,
              image: images.length === 1 ? (images[0] as (typeof images)[number]) : images,
              ...(mask ? { mask: await toFile(mask, 'mask.png', { type: 'image/png' }) } : {}),
            },
            { signal: job.signal },
          );
        } else answer = await client.images.generate(common, { signal: job.signal });
        job.progress(80);
        const outputs: EngineOutput[] = [];
        for (const item of answer.data ?? []) outputs.push(await toOutput(item, job.signal));
        if (!outputs.length) throw new ImageEngineError('imageEngineFailed', 'the answer held no pictures');
        return outputs;
      } catch (err) {
        throw mapError(err, job.signal);
      }
    },
  };
}
