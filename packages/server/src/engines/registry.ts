import type { Config } from '../platform/config.ts';
import type { Engine } from './types.ts';

/**
 * Engine routing from the ENGINES setting: a comma-separated list of engines, each `name` or
 * `name=url` (`local,comfyui=http://gpu:8188`). A business type goes to the first listed engine that
 * makes it; a type that no engine makes is refused (engineNotConfigured) before any points are
 * charged. Engines this build does not have are reported as unknown and never receive work.
 *
 * Builders are an open list: a new engine adds one `registerEngine` line to src/engine-catalogue.ts
 * (or a test registers its own). An engine may be `auto`: built after the listed ones when the
 * configuration allows it (e.g. a chat engine when LLM_BASE_URL is set), so a deployment gets it
 * without naming it in ENGINES. The task domain reaches engines only through this registry.
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

export type EngineBuilder = (spec: EngineSpec, config: Config) => Engine;

interface BuilderEntry {
  build: EngineBuilder;
  /** Built without being listed in ENGINES when this answers true. */
  auto?: (config: Config) => boolean;
}

const BUILDERS = new Map<string, BuilderEntry>();

/** Makes an engine available under a name (ENGINES lists names); `auto` builds it unlisted. */
export function registerEngine(name: string, build: EngineBuilder, options: { auto?: (config: Config) => boolean } = {}): void {
  BUILDERS.set(name, { build, auto: options.auto });
}

/** Removes a registered engine (tests). */
export function unregisterEngine(name: string): void {
  BUILDERS.delete(name);
}

export interface EngineRegistry {
  /** The engines that were configured and exist, in routing order. */
  readonly engines: readonly Engine[];
  /** Configured names this build does not know. */
  readonly unknown: readonly string[];
  /** Configured engines that could not be built from their settings, with why (logged at start). */
  readonly unusable: ReadonlyArray<{ name: string; error: string }>;
  /** The engine that makes this business type, or null. */
  route(bizType: string): Engine | null;
  byName(name: string): Engine | null;
  /** A picture an engine draws for the tools' pickers (first engine that has it), or null. */
  picture(kind: string, id: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

export function createEngineRegistry(
  config: Config,
  /** `wrap`: applied to every routed engine as it is built (the task runtime frames pictures to presets). */
  options: { wrap: (engine: Engine) => Engine } = { wrap: (engine) => engine },
): EngineRegistry {
  const engines: Engine[] = [];
  const unknown: string[] = [];
  const unusable: Array<{ name: string; error: string }> = [];
  /** Engines built only for their pictures (never routed to). */
  const idle = new Map<string, Engine | null>();
  const specs = parseEngines(config.ENGINES);
  for (const [name, entry] of BUILDERS) {
    if (entry.auto?.(config) && !specs.some((s) => s.name === name)) specs.push({ name });
  }
  for (const spec of specs) {
    const entry = BUILDERS.get(spec.name);
    if (!entry) unknown.push(spec.name);
    else if (!engines.some((e) => e.name === spec.name)) {
      // A listed engine that cannot be built (e.g. `comfyui` without a server URL) is left out, so its
      // tools say "engine not configured" before charging instead of the whole server failing to start.
      try {
        engines.push(options.wrap(entry.build(spec, config)));
      } catch (err) {
        unusable.push({ name: spec.name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return {
    engines,
    unknown,
    unusable,
    route: (bizType) => engines.find((e) => e.bizTypes.includes(bizType)) ?? null,
    byName: (name) => engines.find((e) => e.name === name) ?? null,
    async picture(kind, id) {
      // The pickers' pictures are shown whatever ENGINES says (a tool that cannot run says so
      // itself): engines this build has but the configuration left out are asked too.
      for (const [name, entry] of BUILDERS) {
        if (!engines.some((e) => e.name === name) && !idle.has(name)) {
          try {
            idle.set(name, entry.build({ name }, config));
          } catch {
            idle.set(name, null);
          }
        }
      }
      for (const engine of [...engines, ...idle.values()]) {
        const picture = await engine?.picture?.(kind, id);
        if (picture) return picture;
      }
      return null;
    },
    async close() {
      for (const engine of [...engines, ...idle.values()]) await engine?.close?.();
    },
  };
}
