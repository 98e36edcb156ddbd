import type { TextEngineName } from '@productimage/core';
import { OFFLINE_WRITER } from '../../../engines/offline-writer/composer.ts';
import { type ChatEngine, chatEngine } from '../../../engines/openai-chat/index.ts';
import type { AppContext } from '../../../platform/context.ts';
import { readAppSetting, writeAppSetting } from '../../../platform/db/app-settings.ts';
import { fetchWithRetry } from '../../../platform/http/outbound.ts';

/**
 * Which text engine writes marketing drafts (docs/marketing.md "Text engines"): the configured
 * chat model, else the labelled offline writer. Platform operators may switch to the offline
 * writer although a model is configured (an outage, a budget), stored in app_settings; `auto`
 * (the default) follows the configuration.
 */
export const TEXT_ENGINE_CHOICES = ['auto', 'offline-writer'] as const;
export type TextEngineChoice = (typeof TEXT_ENGINE_CHOICES)[number];
const KEY = 'text_engine_choice';

export async function textEngineChoice(ctx: AppContext): Promise<TextEngineChoice> {
  return (await readAppSetting(ctx.db, KEY)) === 'offline-writer' ? 'offline-writer' : 'auto';
}

export async function setTextEngineChoice(ctx: AppContext, choice: TextEngineChoice): Promise<void> {
  await writeAppSetting(ctx.db, KEY, choice);
}

/** Why the offline writer writes: an operator chose it on /text-engine, or no chat model is configured. */
export type OfflineReason = 'operatorChoice' | 'notConfigured';

/** The engine that writes marketing drafts now: the chat model unless none is configured or operators chose the offline writer. */
export async function activeEngine(
  ctx: AppContext,
): Promise<{ engine: ChatEngine | null; name: TextEngineName; offlineReason: OfflineReason | null }> {
  const forced = (await textEngineChoice(ctx)) === 'offline-writer';
  const engine = forced ? null : chatEngine(ctx.config);
  if (engine) return { engine, name: 'openai-chat', offlineReason: null };
  return { engine, name: OFFLINE_WRITER, offlineReason: forced && chatEngine(ctx.config) ? 'operatorChoice' : 'notConfigured' };
}

/** The label key of offline-writer drafts for this reason (zh + en in core i18n marketing.engine). */
export const offlineLabelKey = (reason: OfflineReason | null) =>
  reason === 'operatorChoice' ? 'marketing:engine.offlineLabelForced' : 'marketing:engine.offlineLabel';

export type ChatHealth = 'ok' | 'unauthorized' | 'unreachable' | 'error' | 'notConfigured';

/**
 * Whether the configured chat model's server answers: GET {base}/models, the list endpoint of the
 * OpenAI-compatible API, with the configured key and a 5 s time-out. No tokens are spent.
 */
export async function chatHealth(ctx: AppContext): Promise<{ health: ChatHealth; status: number | null; ms: number | null }> {
  const engine = chatEngine(ctx.config);
  if (!engine) return { health: 'notConfigured', status: null, ms: null };
  const started = Date.now();
  try {
    const res = await fetchWithRetry(
      `${engine.baseUrl.replace(/\/+$/, '')}/models`,
      { headers: ctx.config.LLM_API_KEY ? { authorization: `Bearer ${ctx.config.LLM_API_KEY}` } : {} },
      { timeoutMs: 5000 },
    );
    await res.body?.cancel().catch(() => undefined);
    const ms = Date.now() - started;
    if (res.status === 401 || res.status === 403) return { health: 'unauthorized', status: res.status, ms };
    // Some compatible servers have no model list (404): the server itself answered.
    return { health: res.status < 500 ? 'ok' : 'error', status: res.status, ms };
  } catch {
    return { health: 'unreachable', status: null, ms: null };
  }
}

/** What operators see of the text engine (GET /admin/text-engine): the choice, the engine writing now, the chat server's health. */
export async function engineState(ctx: AppContext) {
  const [choice, { engine, name }, health] = await Promise.all([textEngineChoice(ctx), activeEngine(ctx), chatHealth(ctx)]);
  const base = ctx.config.LLM_BASE_URL && ctx.config.LLM_MODEL ? ctx.config.LLM_BASE_URL : null;
  let server: string | null = null;
  try {
    server = base ? new URL(base).origin : null;
  } catch {
    server = null;
  }
  return {
    choice,
    active: name,
    chat: { configured: !!base, model: base ? (engine?.model ?? ctx.config.LLM_MODEL ?? null) : null, server, ...health },
    offlineWriter: { available: true as const },
  };
}
