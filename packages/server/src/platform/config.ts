import path from 'node:path';
import { z } from 'zod';

/**
 * The one config loader: every setting comes from the environment (API.md). With nothing set the
 * product runs on the embedded defaults: SQLite in DATA_DIR, local files, in-process queue, the dev
 * outbox and sandbox payments.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('../data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** How answers link S3 files: `proxy` (signed /files URLs served by this server) or `presigned` (S3 presigned GET URLs). */
  S3_PUBLIC_URLS: z.enum(['proxy', 'presigned']).default('proxy'),
  /** Lifetime of the signed file URLs in answers (minutes; S3 presigned URLs at most 7 days). */
  FILE_URL_TTL_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(24 * 60),
  SMS_PROVIDER: z.string().default('outbox'),
  /**
   * The dev outbox's token (issue 42): when set, GET /api/dev/outbox answers only a request carrying
   * it (header `x-dev-outbox-token` or `&token=`), never by where the request seems to come from.
   * Unset: the outbox answers `?to=` alone, as API.md fixes it for dev and test instances.
   */
  DEV_OUTBOX_TOKEN: z.string().min(16).optional(),
  SMS_URL: z.string().optional(),
  MAIL_PROVIDER: z.string().default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('InspoShot <no-reply@localhost>'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay', 'wechatpay']).default('sandbox'),
  ENGINES: z.string().default('local'),
  /** Task workers per engine, e.g. `local=1,comfyui=4` (docs/scaling.md). */
  ENGINE_CONCURRENCY: z
    .string()
    .default('local=1,openai-chat=8,offline-writer=4,openai-chat-ideas=8,offline-writer-ideas=4,knowledge-trainer=2,ai-photo=8'),
  /** ComfyUI engine (docs/engines.md "comfyui"): longest run, and a folder of operator workflows replacing the built-in ones. */
  COMFYUI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  COMFYUI_WORKFLOW_DIR: z.string().optional(),
  /** An OpenAI-compatible images API (API.md; docs/engines.md "openai-images"). */
  IMAGE_API_BASE_URL: z.string().optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_API_MODEL: z.string().optional(),
  IMAGE_API_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
  /** Fashion providers (API.md "Engines and sources"; docs/engines.md "Fashion providers"): the `ai-photo` engine. */
  FASHN_API_KEY: z.string().optional(),
  /** How long a fashion provider's open circuit skips it before one task probes it (API.md "AI photography routing"). */
  AI_PHOTO_CIRCUIT_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  FASHN_BASE_URL: z.string().optional(),
  DASHSCOPE_API_KEY: z.string().optional(),
  DASHSCOPE_BASE_URL: z.string().optional(),
  FAL_KEY: z.string().optional(),
  FAL_BASE_URL: z.string().optional(),
  /** Whether the API process also runs task workers (`false` when `npm run worker` processes do it). */
  API_WORKERS: z.stringbool().default(true),
  /** Seconds without a heartbeat after which a worker counts as dead and its tasks are recovered. */
  TASK_LEASE_SECONDS: z.coerce.number().int().min(2).default(30),
  /**
   * Tier priority (docs/scaling.md "Tier priority"): `flagship:1` keeps 1 slot of each engine (never
   * its last) for tasks of that tier and above, the flagship tier's dedicated compute channel. Set
   * on every process (the API announces those tasks on the reserved lane).
   */
  RESERVED_SLOTS: z
    .string()
    .regex(/^(|(free|basic|professional|premium|flagship|enterprise):[1-9][0-9]*)$/)
    .default(''),
  /** A dedicated worker (`npm run worker` with this set): its slots take only this tenant's tasks. */
  WORKER_TENANT: z.string().default(''),
  /** Tenants that have dedicated workers (comma-separated; set on every process): their tasks are announced to them too. */
  DEDICATED_TENANTS: z.string().default(''),
  /** Key prefix of the BullMQ queues, so several deployments can share one Redis. */
  QUEUE_PREFIX: z.string().default('inspo'),
  /** Public origin of this server, used in links (pay pages, invite links, webhooks). */
  PUBLIC_URL: z.string().optional(),
  /** Secret for signatures (sandbox webhooks, invite codes). Generated into DATA_DIR when unset. */
  APP_SECRET: z.string().optional(),
  /** Directory of the built web app. */
  WEB_DIST: z.string().optional(),
  /** Token lifetime in seconds (30 days). */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  MONTHLY_POINTS_READING: z.enum(['tiers', 'desktop']).default('tiers'),
  /** Orders and payments (docs/points-and-payments.md). */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().positive().default(15),
  BILLING_JOBS_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Open API webhooks (docs/open-api.md): how often due deliveries are sent, and whether endpoints may
   * be plain http or private addresses (only for local development and tests; never in production).
   */
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().positive().default(5),
  WEBHOOKS_ALLOW_PRIVATE: z.stringbool().default(false),
  /** Phones / e-mail addresses of operators (edit products, refund orders), comma-separated. */
  OPERATOR_ACCOUNTS: z.string().default(''),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().default('https://openapi.alipay.com/gateway.do'),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  /** Origins allowed to frame the product and exchange messages with it (comma-separated). */
  EMBED_ALLOWED_ORIGINS: z.string().default(''),
  /** Directory of the built embed SDK (served at /embed/v1/embed.js); default embed-sdk/dist. */
  EMBED_SDK_DIST: z.string().optional(),
  /** Base extensions (plugins/*): extra origins allowed to frame them besides Feishu and Lark (tests, private deployments). */
  FEISHU_PLUGIN_FRAME_ANCESTORS: z.string().default(''),
  /** Where the built Base extensions are (default: plugins/<name>/dist of the repository). */
  FEISHU_PLUGINS_DIR: z.string().optional(),
  /** External video tools (spec 000 §7): `0=https://...,5=https://...,10=https://...` by tool type. */
  EXTERNAL_VIDEO_URLS: z.string().default(''),
  /** The global flag gating the custom-figure tool (`0` hides it). */
  CUSTOMIZED_IMAGE: z.enum(['0', '1']).default('1'),
  /**
   * Trust X-Forwarded-For from a reverse proxy (per-IP rate limits use the client address).
   * Off by default so clients cannot fake their address; set to `true` or a list of proxy
   * addresses when the server runs behind a proxy.
   */
  TRUST_PROXY: z.string().default('false'),
  /** OpenAI-compatible embeddings API for knowledge search (optional; keyword search without it). */
  EMBEDDING_BASE_URL: z.string().optional(),
  EMBEDDING_API_KEY: z.string().optional(),
  EMBEDDING_MODEL: z.string().optional(),
  /** A FastGPT server as the knowledge backend (optional; the built-in index without it). */
  FASTGPT_URL: z.string().optional(),
  FASTGPT_API_KEY: z.string().optional(),
  /** An OpenAI-compatible chat API (docs/marketing.md); unset: the offline writer drafts from templates. */
  LLM_BASE_URL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** How structured answers are asked for: `json_schema`, `json_object` or `prompt` (instructions only). */
  LLM_JSON_MODE: z.enum(['json_schema', 'json_object', 'prompt']).default('json_schema'),
  /** Milliseconds without a streamed token (or a first answer) after which a chat request is given up. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Retries of a chat request answered 408/409/429/5xx (back-off, honouring retry-after). */
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /**
   * A vision-capable model on the same chat API (LLM_BASE_URL), e.g. gpt-4o or qwen-vl-max: the rewrite
   * tools send it the original picture and the video's keyframes (docs/marketing.md "Rewrite tools").
   */
  LLM_VISION_MODEL: z.string().optional(),
  /** Base URL of a DailyHotApi-compatible hot-list feed (docs/marketing.md). */
  HOTSPOT_FEED_URL: z.string().optional(),
  /** Minutes a fetched hot list is kept before the feed is asked again. */
  HOTSPOT_CACHE_MINUTES: z.coerce.number().positive().default(10),
  /** Bearer token for GET /metrics; unset: /metrics does not exist (404), whoever asks (issue 42). */
  METRICS_TOKEN: z.string().optional(),
  /** Seconds a shutting-down API process answers 'not ready' before it stops listening (load balancers notice). */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /**
   * Proof of work beside the image captcha (ALTCHA, GET /api/auth/challenge): the largest number a
   * client may have to try; 0 turns it off. 50000 costs a browser about a second, in the background.
   */
  CAPTCHA_POW_MAXNUMBER: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  LOG_LEVEL: z.string().default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = z.infer<typeof schema> & { dataDir: string; webDist: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    webDist: path.resolve(parsed.WEB_DIST ?? path.join(root, 'packages/web/dist')),
  };
}

/** True while SMS and e-mail go to the dev outbox (dev and test only). */
export const usesOutbox = (config: Config) => config.SMS_PROVIDER === 'outbox' && config.MAIL_PROVIDER === 'outbox';
