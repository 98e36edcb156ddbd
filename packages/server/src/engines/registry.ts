import type { BizType } from '@productimage/core';
import { createLocalEngine } from './local/index.ts';
import type { Engine } from './types.ts';

/**
 * Engine routing from the ENGINES setting: a comma-separated list of engines, each `name` or
 * `name=url` (`local,comfyui=http://gpu:8188`). A business type goes to the first listed engine that
 * makes it; a type that no listed engine makes is refused (engineNotConfigured) before any points
 * are charged. Engines this build does not have are reported as unknown and never receive work.
 */
export interface EngineSpec {
  name: string;
  url?: string;
}

export function parseEngines(setting: string): EngineSpec[] {
  return setting
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? { name: part } : { name: part.slice(0, eq).trim(), url: part.slice(eq + 1).trim() };
    });
}

/** Builders of the engines this build has, by name. */
const BUILDERS: Record<string, (spec: EngineSpec) => Engine> = {
  local: () => createLocalEngine(),
};

export interface EngineRegistry {
  /** The engines that were configured and exist, in routing order. */
  readonly engines: readonly Engine[];
  /** Configured names this build does not know. */
  readonly unknown: readonly string[];
  /** The engine that makes this business type, or null. */
  route(bizType: BizType): Engine | null;
  byName(name: string): Engine | null;
  close(): Promise<void>;
}

export function createEngineRegistry(setting: string): EngineRegistry {
  const engines: Engine[] = [];
  const unknown: string[] = [];
  for (const spec of parseEngines(setting)) {
    const build = BUILDERS[spec.name];
    if (!build) unknown.push(spec.name);
    else if (!engines.some((e) => e.name === spec.name)) engines.push(build(spec));
  }
  return {
    engines,
    unknown,
    route: (bizType) => engines.find((e) => e.bizTypes.includes(bizType)) ?? null,
    byName: (name) => engines.find((e) => e.name === name) ?? null,
    async close() {
      for (const engine of engines) await engine.close?.();
    },
  };
}
