import type { Config } from '../../platform/config.ts';
import type { Engine } from '../types.ts';
import { createOpenAiImagesEngine } from './engine.ts';

export { createOpenAiImagesEngine, OPENAI_IMAGE_TYPES } from './engine.ts';

/** Whether IMAGE_API_BASE_URL and IMAGE_API_MODEL configure an images API (then the engine is built unlisted). */
export const imagesApiConfigured = (config: Config) => !!(config.IMAGE_API_BASE_URL && config.IMAGE_API_MODEL);

export function buildOpenAiImagesEngine(config: Config): Engine {
  if (!config.IMAGE_API_BASE_URL || !config.IMAGE_API_MODEL)
    throw new Error('openai-images needs IMAGE_API_BASE_URL and IMAGE_API_MODEL');
  return createOpenAiImagesEngine({
    baseUrl: config.IMAGE_API_BASE_URL,
    apiKey: config.IMAGE_API_KEY,
    model: config.IMAGE_API_MODEL,
    timeoutMs: config.IMAGE_API_TIMEOUT_MS,
  });
}
