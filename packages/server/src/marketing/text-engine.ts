import type { TextEngineName } from '@productimage/core';
import type { AppContext } from '../context.ts';
import { OFFLINE_WRITER } from '../engines/offline-writer/composer.ts';
import { type ChatEngine, chatEngine } from '../engines/openai-chat/index.ts';

/** The engine that writes marketing drafts now: the configured chat model, else the offline writer. */
export function activeEngine(ctx: AppContext): { engine: ChatEngine | null; name: TextEngineName } {
  const engine = chatEngine(ctx.config);
  return { engine, name: engine ? 'openai-chat' : OFFLINE_WRITER };
}
