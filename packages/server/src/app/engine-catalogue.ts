import { createKnowledgeTrainer } from '../content/knowledge/training-thread.ts';
import { createChatTaskEngine, createOfflineWriterTaskEngine } from '../content/marketing/content/task-engines.ts';
import { createPosterEngine } from '../content/marketing/ideas/poster-engine.ts';
import { createIdeaReportChatEngine, createIdeaReportDraftEngine } from '../content/marketing/ideas/report-engine.ts';
import {
  createPictureRewriteEngine,
  createScriptRewriteEngine,
  createTopicChatEngine,
  createTopicOfflineEngine,
} from '../content/rewrite/engines.ts';
import { createLocalPictureRewriteEngine } from '../content/rewrite/picture-local.ts';
import { aiPhotoConfigured, buildAiPhotoEngine } from '../engines/ai-photo/index.ts';
import { buildComfyEngine } from '../engines/comfyui/index.ts';
import { createLocalEngine } from '../engines/local/index.ts';
import { buildOpenAiImagesEngine, imagesApiConfigured } from '../engines/openai-images/index.ts';
import { offLoop } from '../engines/pool.ts';
import { createPlacardEngine } from '../engines/poster/engine.ts';
import { parseEngines, registerEngine } from '../engines/registry.ts';
import { createRewriteChatEngine } from '../engines/rewrite-chat/index.ts';
import type { Config } from '../platform/config.ts';
import { parseConcurrency } from '../platform/queue/types.ts';

/**
 * The engines of this build, registered with the engine registry (engines/registry.ts) when this
 * file loads; context.ts imports it before it builds the task runtime. A composition root like
 * routes.ts: engines/ holds the registry and the domain-free engines, the domains hold their own
 * engines (the marketing suite's text engines, idea pictures), and only this file knows both, so
 * engines/ never imports a domain. A new engine adds its `registerEngine` line here; the order is
 * the routing order of unlisted (`auto`) engines.
 */

/** Compiled (production) or TypeScript sources (development, tests): pooled engines are loaded as this file is. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** Worker slots of an engine in this process (ENGINE_CONCURRENCY): its pool threads. */
const slotsOf = (config: Config, name: string) => parseConcurrency(config.ENGINE_CONCURRENCY).get(name) ?? 1;

// The local engine computes on this machine's CPU: its runs go to the engine pool's threads (pool.ts).
registerEngine('local', (_spec, config) =>
  offLoop(
    createLocalEngine(),
    { module: new URL(`../engines/local/index${EXT}`, import.meta.url), factory: 'createLocalEngine' },
    slotsOf(config, 'local'),
  ),
);

// Idea and content pictures (marketing/ideas/poster-engine.ts): laid out locally; with the user's
// product picture they cut it out, so they run in the engine pool.
const ideaPictures = (config: Config) =>
  offLoop(
    createPosterEngine(),
    { module: new URL(`../content/marketing/ideas/poster-engine${EXT}`, import.meta.url), factory: 'createPosterEngine' },
    slotsOf(config, 'poster'),
  );

// Text engines of the marketing suite (docs/marketing.md): the chat model when LLM_BASE_URL and
// LLM_MODEL are set, and the offline writer always (it serves the free draft type). A post's
// picture with the user's product is drawn by the pooled idea picture engine.
registerEngine('openai-chat', (_spec, config) => createChatTaskEngine(config, ideaPictures(config)), {
  auto: (c) => !!(c.LLM_BASE_URL && c.LLM_MODEL),
});
registerEngine('offline-writer', (_spec, config) => createOfflineWriterTaskEngine(ideaPictures(config)), { auto: () => true });
// Idea reports as text tasks (marketing/ideas/report-engine.ts): the chat model's, and the offline writer's free drafts.
registerEngine('openai-chat-ideas', (_spec, config) => createIdeaReportChatEngine(config), {
  auto: (c) => !!(c.LLM_BASE_URL && c.LLM_MODEL),
});
registerEngine('offline-writer-ideas', () => createIdeaReportDraftEngine(), { auto: () => true });
// Knowledge training runs (knowledge/training.ts): chunking, qa pairs with the chat model, embeddings.
registerEngine('knowledge-trainer', (_spec, config) => createKnowledgeTrainer(config), { auto: () => true });
// Idea pictures (marketing/ideas/poster-engine.ts), in the engine pool.
registerEngine('poster', (_spec, config) => ideaPictures(config), { auto: () => true });
// Posters (PLACARD_GEN, engines/poster): CPU work, so it runs in the engine pool like `local`.
registerEngine(
  'placard',
  (_spec, config) =>
    offLoop(
      createPlacardEngine(),
      { module: new URL(`../engines/poster/engine${EXT}`, import.meta.url), factory: 'createPlacardEngine' },
      slotsOf(config, 'placard'),
    ),
  { auto: () => true },
);
// Hot-article rewrites (engines/rewrite-chat): only with a chat model; the offline writer cannot rewrite.
registerEngine('rewrite-chat', (_spec, config) => createRewriteChatEngine(config), {
  auto: (c) => !!(c.LLM_BASE_URL && c.LLM_MODEL),
});
// ComfyUI servers (engines/comfyui, docs/engines.md "comfyui"): `comfyui=http://a:8188|http://b:8188`.
registerEngine('comfyui', buildComfyEngine);
// An OpenAI-compatible images API (engines/openai-images): built when IMAGE_API_BASE_URL + IMAGE_API_MODEL are set.
// Fashion providers (engines/ai-photo, docs/engines.md "Fashion providers"): FASHN, DashScope, fal.ai, chosen
// per business type by the console's routing table; built when any of their keys is set. Before the
// images API, so a deployment with both routes the photography tools to the dedicated providers.
registerEngine('ai-photo', (_spec, config) => buildAiPhotoEngine(config), { auto: aiPhotoConfigured });
registerEngine('openai-images', (_spec, config) => buildOpenAiImagesEngine(config), { auto: imagesApiConfigured });
// Rewrite tools (rewrite/engines.ts): pictures through the images API, video scripts and topic articles
// through the chat model; topics fall back to the offline writer's labelled template drafts.
registerEngine('rewrite-picture', (_spec, config) => createPictureRewriteEngine(config), { auto: imagesApiConfigured });
// Without an images API, picture rewrites by the local background engine (rewrite/picture-local.ts), in the pool.
registerEngine(
  'rewrite-picture-local',
  (_spec, config) =>
    offLoop(
      createLocalPictureRewriteEngine(),
      { module: new URL(`../content/rewrite/picture-local${EXT}`, import.meta.url), factory: 'createLocalPictureRewriteEngine' },
      slotsOf(config, 'local'),
    ),
  { auto: (c) => parseEngines(c.ENGINES).some((e) => e.name === 'local') },
);
registerEngine('rewrite-script', (_spec, config) => createScriptRewriteEngine(config), {
  auto: (c) => !!(c.LLM_BASE_URL && c.LLM_MODEL),
});
registerEngine('topic-chat', (_spec, config) => createTopicChatEngine(config), {
  auto: (c) => !!(c.LLM_BASE_URL && c.LLM_MODEL),
});
registerEngine('topic-offline', () => createTopicOfflineEngine(), { auto: () => true });
