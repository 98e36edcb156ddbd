import type { ErrorKey } from '@productimage/core';
import type * as OpenAiModule from 'openai';
import { toJSONSchema, type z } from 'zod';
import { requireOnUse } from '../../platform/require-on-use.ts';
import { parseTolerantJson } from './json.ts';

/**
 * `openai-chat`: any OpenAI-compatible chat-completions API (DeepSeek, Qwen/DashScope compatible
 * mode, Doubao/Ark, Moonshot, Zhipu, Ollama, vLLM, llama.cpp) through the official `openai` client.
 *
 * - Streaming: every request streams; `onDelta` receives text as it is written.
 * - Structured answers: `json` asks for a JSON schema answer (LLM_JSON_MODE), parses tolerantly
 *   (code fences, text around the object, trailing commas) and, when the answer still does not fit
 *   the schema, asks once more with the problem stated (one repair retry).
 * - Retries with back-off on 408/409/429/5xx honouring retry-after: the client's own retry loop
 *   (LLM_MAX_RETRIES). Time-out: LLM_TIMEOUT_MS for the answer to start and between two chunks.
 * - Cancellation through `signal`; the signal's reason is thrown.
 * - Failures are `ChatEngineError`s carrying an error-catalogue key, translated by the caller.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatRequest<T = unknown> {
  messages: ChatMessage[];
  /** Ask for a JSON answer of this shape; the result's `json` is the parsed, validated value. */
  json?: { name: string; schema: z.ZodType<T> };
  signal?: AbortSignal;
  /** Text as it streams in; `restart` tells that a repair retry begins and earlier text is void. */
  onDelta?: (text: string, restart?: boolean) => void;
  temperature?: number;
  maxTokens?: number;
}

export interface ChatResult<T = unknown> {
  text: string;
  json: T | undefined;
  /** Tokens of every request made for this answer (repair retries included); null if the provider sent none. */
  usage: ChatUsage | null;
  model: string;
}

export interface ChatEngine {
  readonly name: 'openai-chat';
  readonly model: string;
  readonly baseUrl: string;
  chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>>;
}

export interface ChatEngineOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  jsonMode?: 'json_schema' | 'json_object' | 'prompt';
  timeoutMs?: number;
  maxRetries?: number;
}

/** A provider failure, named by its error-catalogue key. */
export class ChatEngineError extends Error {
  constructor(
    readonly key: ErrorKey,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The client (about 300 modules) loads with the first engine that uses it, not at start (platform/require-on-use.ts). */
const openai = () => requireOnUse<typeof OpenAiModule>('openai');

/** Maps a client error to our catalogue; an abort by the caller rethrows the signal's reason. */
function mapError(err: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason ?? err;
  if (err instanceof ChatEngineError) return err;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = openai();
  if (err instanceof APIUserAbortError) return new ChatEngineError('llmTimeout', 'no answer in time');
  if (err instanceof APIConnectionTimeoutError) return new ChatEngineError('llmTimeout', err.message);
  if (err instanceof APIConnectionError) return new ChatEngineError('llmUnreachable', err.message);
  if (err instanceof APIError) {
    const status = err.status ?? 0;
    if (status === 401 || status === 403) return new ChatEngineError('llmAuthFailed', err.message, status);
    if (status === 429) return new ChatEngineError('llmRateLimited', err.message, status);
    if (status >= 500) return new ChatEngineError('llmUnavailable', err.message, status);
    // An error event inside the stream carries no status.
    if (status === 0) return new ChatEngineError('llmUnavailable', err.message);
    return new ChatEngineError('llmRequestRejected', err.message, status);
  }
  if (err instanceof SyntaxError) return new ChatEngineError('llmStreamCut', err.message);
  // fetch's "terminated" and socket resets while the body streams: the answer was cut.
  if (err instanceof Error) return new ChatEngineError('llmStreamCut', err.message);
  return err;
}

function addUsage(a: ChatUsage | null, b: ChatUsage | null): ChatUsage | null {
  if (!a) return b;
  if (!b) return a;
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

export function createChatEngine(options: ChatEngineOptions): ChatEngine {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = new (openai().default)({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    // Local servers (Ollama, vLLM) take any key; the client insists on one.
    apiKey: options.apiKey || 'not-needed',
    maxRetries: options.maxRetries ?? 2,
    timeout: timeoutMs,
  });
  // A provider that refuses json_schema once is asked with json_object from then on.
  let jsonMode = options.jsonMode ?? 'json_schema';

  /** One streamed request; answers the text, or throws a mapped error. */
  async function streamOnce(
    messages: ChatMessage[],
    request: ChatRequest<unknown>,
    jsonSchema: Record<string, unknown> | null,
  ): Promise<{ text: string; usage: ChatUsage | null }> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    // Idle time-out: armed until the first chunk and again after every chunk.
    let idle: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    arm();
    try {
      const responseFormat =
        jsonSchema && jsonMode === 'json_schema'
          ? {
              type: 'json_schema' as const,
              json_schema: { name: request.json?.name ?? 'answer', schema: jsonSchema, strict: false },
            }
          : jsonSchema && jsonMode === 'json_object'
            ? { type: 'json_object' as const }
            : undefined;
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(responseFormat ? { response_format: responseFormat } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        },
        { signal: controller.signal },
      );
      let text = '';
      let usage: ChatUsage | null = null;
      let finished = false;
      for await (const chunk of stream) {
        arm();
        for (const choice of chunk.choices ?? []) {
          const delta = choice.delta?.content;
          if (delta) {
            text += delta;
            request.onDelta?.(delta);
          }
          if (choice.finish_reason) finished = true;
        }
        if (chunk.usage)
          usage = {
            promptTokens: chunk.usage.prompt_tokens ?? 0,
            completionTokens: chunk.usage.completion_tokens ?? 0,
            totalTokens: chunk.usage.total_tokens ?? 0,
          };
      }
      // The client ends quietly when the connection closes cleanly without [DONE]; an answer with no
      // finish_reason was cut off.
      if (!finished) throw new ChatEngineError('llmStreamCut', 'the stream ended without a finish reason');
      return { text, usage };
    } catch (err) {
      if (timedOut && !request.signal?.aborted) throw new ChatEngineError('llmTimeout', 'no token in time');
      throw mapError(err, request.signal);
    } finally {
      clearTimeout(idle);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const schema = request.json?.schema;
    const jsonSchema = schema ? (toJSONSchema(schema) as Record<string, unknown>) : null;
    const messages = [...request.messages];
    if (jsonSchema) {
      // Every mode also states the shape in words: json_object and prompt-only providers need it.
      messages.push({
        role: 'system',
        content: `Answer with one JSON object only, no other text, matching this JSON schema:\n${JSON.stringify(jsonSchema)}`,
      });
    }
    let first: { text: string; usage: ChatUsage | null };
    try {
      first = await streamOnce(messages, request as ChatRequest<unknown>, jsonSchema);
    } catch (err) {
      if (err instanceof ChatEngineError && err.key === 'llmRequestRejected' && jsonSchema && jsonMode === 'json_schema') {
        jsonMode = 'json_object';
        request.onDelta?.('', true);
        first = await streamOnce(messages, request as ChatRequest<unknown>, jsonSchema);
      } else throw err;
    }
    if (!schema) return { text: first.text, json: undefined, usage: first.usage, model: options.model };
    const parsed = parseTolerantJson(first.text, schema);
    if (parsed.ok) return { text: first.text, json: parsed.value, usage: first.usage, model: options.model };
    // One repair retry: the model sees its answer and what was wrong with it.
    request.onDelta?.('', true);
    const repair = await streamOnce(
      [
        ...messages,
        { role: 'assistant', content: first.text },
        {
          role: 'user',
          content: `Your answer could not be used (${parsed.problem}). Answer again with only the JSON object matching the schema.`,
        },
      ],
      request as ChatRequest<unknown>,
      jsonSchema,
    );
    const usage = addUsage(first.usage, repair.usage);
    const second = parseTolerantJson(repair.text, schema);
    if (!second.ok) throw new ChatEngineError('llmBadAnswer', second.problem);
    return { text: repair.text, json: second.value, usage, model: options.model };
  }

  return { name: 'openai-chat', model: options.model, baseUrl: options.baseUrl, chat };
}
