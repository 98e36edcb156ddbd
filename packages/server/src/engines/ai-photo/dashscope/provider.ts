import { fetchWithRetry, isTimeout } from '../../../platform/http/outbound.ts';
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
 * Alibaba Cloud Model Studio (DashScope) over its documented asynchronous HTTP API: a task is
 * created by `POST {base}/api/v1/services/aigc/...` with `X-DashScope-Async: enable` (answer
 * `{ output: { task_id, task_status: 'PENDING' }, request_id }`), then `GET {base}/api/v1/tasks/{id}`
 * until `task_status` is SUCCEEDED, FAILED, CANCELED or UNKNOWN (PENDING and RUNNING mean wait);
 * `POST {base}/api/v1/tasks/{id}/cancel` cancels a task still waiting. Errors answer
 * `{ code, message, request_id }` (HTTP 400 `DataInspectionFailed` for content the moderation
 * refused, 429 `Throttling...`); a failed task carries `output.code` and `output.message`.
 * Inputs must be public URLs the service fetches: short-lived signed URLs of our storage.
 *
 * Business types: TRY_ON OutfitAnyone `aitryon` (or `aitryon-plus`: top, bottom, top+bottom,
 * dress), MANNEQUIN_IMAGE and MODEL_IMAGE_NEW the image-edit model `wanx2.1-imageedit`
 * (description_edit), SHOES_IMAGE `shoemodel-v1` (the chosen model's picture is the template),
 * PRODUCT_IMAGE background generation `wanx-background-generation-v2` (on the subject's cutout).
 */
export const DASHSCOPE_SERVES: Record<string, string> = {
  TRY_ON: 'aitryon',
  MANNEQUIN_IMAGE: 'wanx2.1-imageedit',
  MODEL_IMAGE_NEW: 'wanx2.1-imageedit',
  SHOES_IMAGE: 'shoemodel-v1',
  PRODUCT_IMAGE: 'wanx-background-generation-v2',
};

/**
 * The one price table of DashScope's models: CNY per picture as Model Studio publishes them for the
 * China (Beijing) region (its API answers no price), recorded per task as the `published` cost unless
 * the route has a unit cost. Sources, also in docs/engines.md "Costs":
 * - aitryon 0.20, aitryon-plus 0.50: help.aliyun.com/zh/model-studio/model-pricing and
 *   help.aliyun.com/en/model-studio/aitryon-plus-api ("CNY 0.50/image");
 * - wanx2.1-imageedit 0.14: help.aliyun.com/zh/model-studio/wanx-image-edit (USD 0.020070 per image
 *   on the international page);
 * - wanx-background-generation-v2 0.08: help.aliyun.com/zh/model-studio/wanx-background-generation-api-reference
 *   ("0.08元/张");
 * - shoemodel-v1 0: help.aliyun.com/zh/model-studio/shoes-and-boots-model, a free trial of 500
 *   pictures only ("免费额度用完后不可调用且不支持付费").
 * The international region bills in USD at other prices: set the route's unit cost there.
 */
export const DASHSCOPE_PRICES_CNY: Record<string, number> = {
  aitryon: 0.2,
  'aitryon-plus': 0.5,
  'wanx2.1-imageedit': 0.14,
  'shoemodel-v1': 0,
  'wanx-background-generation-v2': 0.08,
};

export interface DashScopeOptions {
  apiKey: string;
  /** DASHSCOPE_BASE_URL: `https://dashscope.aliyuncs.com` (China) or `https://dashscope-intl.aliyuncs.com` (international). */
  baseUrl?: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  pollMs?: number;
  deadlineMs?: number;
}

interface TaskAnswer {
  output?: {
    task_id?: string;
    task_status?: string;
    image_url?: string;
    results?: Array<{ url?: string; code?: string; message?: string }>;
    code?: string;
    message?: string;
  };
  usage?: { image_count?: number };
  code?: string;
  message?: string;
  request_id?: string;
}

/** DashScope error codes as catalogue keys. */
export function dashScopeKey(code: string | undefined, status: number): ProviderErrorKey {
  if (code && /DataInspection|IPInfringement|InappropriateContent/i.test(code)) return 'imageModerationRefused';
  if (code && /Throttling/i.test(code)) return 'imageEngineBusy';
  if (code && /InvalidFile|InvalidURL|InvalidImage|InvalidPerson|InvalidGarment|ImageNotSupported/i.test(code))
    return 'imageProviderInput';
  if (status === 429) return 'imageEngineBusy';
  if (status >= 500) return 'imageEngineFailed';
  if (status >= 400) return 'imageEngineRejected';
  return 'imageEngineFailed';
}

interface Submission {
  path: string;
  body: Record<string, unknown>;
}

export function createDashScopeProvider(options: DashScopeOptions): PhotoProvider {
  const base = (options.baseUrl ?? 'https://dashscope.aliyuncs.com').replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const poll = { intervalMs: options.pollMs ?? 3000, deadlineMs: options.deadlineMs ?? 6 * 60_000 };
  const headers = { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' };

  async function call(path: string, init: RequestInit, signal: AbortSignal): Promise<TaskAnswer> {
    let res: Response;
    try {
      res = await fetchWithRetry(
        `${base}${path}`,
        { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } },
        { retries: options.retries ?? 3, timeoutMs: options.timeoutMs ?? 60_000, backoffMs: options.backoffMs, signal },
      );
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw new ProviderError(isTimeout(err) ? 'imageEngineTimeout' : 'imageEngineUnreachable', `${path}: ${String(err)}`);
    }
    const answer = (await res.json().catch(() => ({}))) as TaskAnswer;
    if (!res.ok)
      throw new ProviderError(
        dashScopeKey(answer.code, res.status),
        `${path}: HTTP ${res.status} ${answer.code ?? ''} ${answer.message ?? ''}`,
      );
    return answer;
  }

  async function submissionOf(req: ProviderRequest): Promise<Submission> {
    const [first = '', second, third] = req.images;
    const n = pictureCount(req.params);
    switch (req.bizType) {
      case 'TRY_ON': {
        const set = req.params.tryonType === 'set';
        return {
          path: '/api/v1/services/aigc/image2image/image-synthesis',
          body: {
            model: req.model,
            input: {
              person_image_url: first,
              top_garment_url: second,
              ...(!set && third ? { bottom_garment_url: third } : {}),
            },
            parameters: { resolution: -1, restore_face: true, ...req.extra },
          },
        };
      }
      case 'MANNEQUIN_IMAGE':
      case 'MODEL_IMAGE_NEW':
        return {
          path: '/api/v1/services/aigc/image2image/image-synthesis',
          body: {
            model: req.model,
            input: {
              function: 'description_edit',
              prompt: sceneOf(
                req.params,
                req.bizType === 'MANNEQUIN_IMAGE'
                  ? '把模特假人换成真人模特，服装保持不变'
                  : '换成另一位真人模特，服装、姿势和背景保持不变',
              ),
              base_image_url: first,
            },
            parameters: { n, ...req.extra },
          },
        };
      case 'SHOES_IMAGE':
        if (!second) throw new ProviderError('imageProviderInput', 'shoemodel needs a model picture as its template');
        return {
          path: '/api/v1/services/aigc/virtualmodel/generation',
          body: {
            model: req.model,
            input: { template_image_url: second, shoe_image_url: [first] },
            parameters: { n, ...req.extra },
          },
        };
      case 'PRODUCT_IMAGE':
        return {
          path: '/api/v1/services/aigc/background-generation/generation/',
          body: {
            model: req.model,
            input: {
              base_image_url: req.cutout ? await req.cutout() : first,
              ref_prompt: sceneOf(req.params, '简洁的商品摄影棚背景'),
            },
            parameters: { n, ...req.extra },
          },
        };
      default:
        throw new ProviderError('imageEngineRejected', `DashScope does not make ${req.bizType}`);
    }
  }

  return {
    name: 'dashscope',
    serves: DASHSCOPE_SERVES,
    currency: 'CNY',
    // shoemodel paints the shoes onto a model picture (its template): without one it cannot work.
    needs: { SHOES_IMAGE: { inputs: 2, key: 'shoesNeedModelPicture' } },
    async run(req: ProviderRequest): Promise<ProviderResult> {
      const submission = await submissionOf(req);
      const created = await call(
        submission.path,
        { method: 'POST', body: JSON.stringify(submission.body), headers: { 'x-dashscope-async': 'enable' } },
        req.signal,
      );
      const taskId = created.output?.task_id;
      if (!taskId) throw new ProviderError('imageEngineFailed', 'DashScope answered no task_id');
      req.progress(15);
      // A stop cancels the task on DashScope (possible while it waits: PENDING), then stops polling.
      const cancel = () => {
        void fetchWithRetry(
          `${base}/api/v1/tasks/${encodeURIComponent(taskId)}/cancel`,
          { method: 'POST', headers },
          { timeoutMs: 10_000 },
        ).catch(() => undefined);
      };
      req.signal.addEventListener('abort', cancel, { once: true });
      try {
        const final = await pollUntil<TaskAnswer>(
          async () => {
            const answer = await call(`/api/v1/tasks/${encodeURIComponent(taskId)}`, { method: 'GET' }, req.signal);
            const status = answer.output?.task_status;
            if (status === 'PENDING' || status === 'RUNNING') {
              req.progress(status === 'RUNNING' ? 50 : 20);
              return undefined;
            }
            return answer;
          },
          poll,
          req.signal,
        ).catch((err) => {
          // Given up (time-out): cancel it there too, as a stop does.
          if (!req.signal.aborted) cancel();
          throw err;
        });
        const output = final.output ?? {};
        if (output.task_status !== 'SUCCEEDED')
          throw new ProviderError(
            dashScopeKey(output.code, 0),
            `DashScope task ${taskId} ${output.task_status}: ${output.code ?? ''} ${output.message ?? ''}`,
          );
        const urls = output.image_url
          ? [output.image_url]
          : (output.results ?? []).map((r) => r.url).filter((u): u is string => !!u);
        if (!urls.length) {
          const refused = (output.results ?? []).find((r) => r.code);
          throw new ProviderError(dashScopeKey(refused?.code, 0), `DashScope task ${taskId} made no pictures`);
        }
        req.progress(85);
        const pictures: ProviderPicture[] = [];
        for (const url of urls) pictures.push(await fetchPicture(url, req.signal));
        const count = final.usage?.image_count ?? pictures.length;
        const price = DASHSCOPE_PRICES_CNY[req.model];
        return {
          pictures,
          cost: price === undefined ? null : Math.round(price * count * 1000) / 1000,
          costSource: 'published',
          currency: 'CNY',
          providerTaskId: taskId,
        };
      } finally {
        req.signal.removeEventListener('abort', cancel);
      }
    },
  };
}
