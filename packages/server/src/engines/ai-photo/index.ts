import type { Config } from '../../platform/config.ts';
import { createGarmentLockEngine } from '../garment-lock/engine.ts';
import { offLoop } from '../pool.ts';
import type { Engine } from '../types.ts';
import { createDashScopeProvider, DASHSCOPE_SERVES } from './dashscope/provider.ts';
import { createAiPhotoEngine } from './engine.ts';
import { createFalProvider, FAL_SERVES } from './fal/provider.ts';
import { createFashnProvider, FASHN_SERVES } from './fashn/provider.ts';
import { handoverFactory, originalKeeper } from './handover.ts';
import type { PhotoProvider, ProviderName } from './provider.ts';

export { chooseProvider, createAiPhotoEngine, planFor } from './engine.ts';
export { isTrialOnly, modelsOf } from './models.ts';
export type { PhotoProvider, ProviderName } from './provider.ts';
export { PROVIDER_KEYS, PROVIDER_NAMES } from './provider.ts';

/** The providers whose key is set (FASHN_API_KEY, DASHSCOPE_API_KEY, FAL_KEY), in that order. */
export function configuredProviders(config: Config): PhotoProvider[] {
  const providers: PhotoProvider[] = [];
  if (config.FASHN_API_KEY) providers.push(createFashnProvider({ apiKey: config.FASHN_API_KEY, baseUrl: config.FASHN_BASE_URL }));
  if (config.DASHSCOPE_API_KEY)
    providers.push(createDashScopeProvider({ apiKey: config.DASHSCOPE_API_KEY, baseUrl: config.DASHSCOPE_BASE_URL }));
  if (config.FAL_KEY) providers.push(createFalProvider({ apiKey: config.FAL_KEY, baseUrl: config.FAL_BASE_URL }));
  return providers;
}

/** Whether any fashion provider has a key (then the `ai-photo` engine is built without being listed). */
export const aiPhotoConfigured = (config: Config) => !!(config.FASHN_API_KEY || config.DASHSCOPE_API_KEY || config.FAL_KEY);

/** The business types each provider serves (whether or not it has a key), for the console and docs. */
export function providerCatalogue(): Array<{ provider: ProviderName; serves: Record<string, string> }> {
  return [
    { provider: 'fashn', serves: { ...FASHN_SERVES } },
    { provider: 'dashscope', serves: { ...DASHSCOPE_SERVES } },
    { provider: 'fal', serves: { ...FAL_SERVES } },
  ];
}

/** Compiled (production) or TypeScript sources (development, tests): the pooled lock is loaded as this file is. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/**
 * The garment lock in the engine pool (engines/pool.ts): its cutout and composite run in the pool's
 * threads beside the local engine's work, never on the event loop of the process running the task.
 */
export function pooledGarmentLock() {
  return offLoop(
    createGarmentLockEngine(),
    { module: new URL(`../garment-lock/engine${EXT}`, import.meta.url), factory: 'createGarmentLockEngine' },
    1,
  );
}

export function buildAiPhotoEngine(config: Config): Engine {
  const providers = configuredProviders(config);
  if (!providers.length) throw new Error('ai-photo needs FASHN_API_KEY, DASHSCOPE_API_KEY or FAL_KEY');
  return createAiPhotoEngine(providers, {
    handover: handoverFactory(config),
    lock: pooledGarmentLock(),
    keepOriginal: originalKeeper(config),
    circuitSeconds: config.AI_PHOTO_CIRCUIT_SECONDS,
  });
}
