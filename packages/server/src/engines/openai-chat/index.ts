import type { Config } from '../../platform/config.ts';
import { type ChatEngine, ChatEngineError, createChatEngine } from './chat.ts';

export type { ChatEngine, ChatMessage, ChatRequest, ChatResult, ChatUsage } from './chat.ts';
export { ChatEngineError } from './chat.ts';

const engines = new WeakMap<Config, ChatEngine | null>();

/**
 * The configured chat engine (LLM_BASE_URL + LLM_MODEL), or null when none is configured: callers
 * that have no offline fallback throw `new AppError('chatEngineNotConfigured')` before charging.
 * One engine per configuration, so what it learns about the provider (json_schema refused) sticks.
 */
export function chatEngine(config: Config): ChatEngine | null {
  if (engines.has(config)) return engines.get(config) ?? null;
  const engine =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? createChatEngine({
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
          jsonMode: config.LLM_JSON_MODE,
          timeoutMs: config.LLM_TIMEOUT_MS,
          maxRetries: config.LLM_MAX_RETRIES,
        })
      : null;
  engines.set(config, engine);
  return engine;
}

/** Like chatEngine, but throws a ChatEngineError('chatEngineNotConfigured') when there is none. */
export function requireChatEngine(config: Config): ChatEngine {
  const engine = chatEngine(config);
  if (!engine) throw new ChatEngineError('chatEngineNotConfigured', 'LLM_BASE_URL and LLM_MODEL are not set');
  return engine;
}

/** The text engine that writes drafts: `openai-chat` when configured, else the labelled `offline-writer`. */
export function activeTextEngine(config: Config): 'openai-chat' | 'offline-writer' {
  return chatEngine(config) ? 'openai-chat' : 'offline-writer';
}
