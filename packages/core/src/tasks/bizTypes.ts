import type { z } from 'zod';

/**
 * The open registry of business types (docs/engines.md "Adding a business type"). Each domain
 * defines its own types in its own core file with `defineBizType`, so the server (validation,
 * charging, routing) and every front end (costs shown before a click, parameter forms) read the
 * same definition. Registration happens when the defining module loads; core's index imports every
 * domain's file, so importing `@productimage/core` registers them all.
 *
 * Bundlers: core's package.json `sideEffects` names exactly the files that call `defineBizType` at
 * import (add a new one there), and every other core module is side-effect free, so a bundle keeps
 * only the core code it uses (the web's first load carries neither zod nor the definitions, issue
 * 16). A bundled front end that reads the registry must import the defining files it needs.
 */

/** What a task of the type produces: stored files (pictures, videos) or text (with optional JSON). */
export type BizTypeOutput = 'file' | 'text';

export interface BizTypeDefinition<P = Record<string, unknown>, T extends string = string> {
  /** The wire name, e.g. `MATTING_IMAGE`. Upper-case letters, digits and underscores. */
  readonly type: T;
  readonly output: BizTypeOutput;
  /** Validates (and defaults) the task's `params`; without one, params are taken as given. */
  readonly params?: z.ZodType<P>;
  /** How many input files a task takes, [min, max], given its parsed params. */
  inputs(params: P): [number, number];
  /** Points a task costs, given its parsed params and number of inputs. */
  cost(params: P, inputCount: number): number;
  /**
   * A paid-member feature the params use, as an error catalogue key (e.g. `batchNeedsMembership`),
   * or null. The server refuses it for free users before charging.
   */
  paidFeature?(params: P, inputCount: number): string | null;
  /** Text types: the structured JSON result (`data`) the engine must return, checked before completing. */
  readonly result?: z.ZodType;
}

const registry = new Map<string, BizTypeDefinition<any>>();

/**
 * Registers a business type; defining one name twice with different definitions is a programming
 * error. The definition keeps its literal name (`T`), which the `BizType` union is made of
 * (tasks/bizTypeNames.ts).
 */
export function defineBizType<P, T extends string = string>(definition: BizTypeDefinition<P, T>): BizTypeDefinition<P, T> {
  if (!/^[A-Z][A-Z0-9_]*$/.test(definition.type)) throw new Error(`bad business type name ${definition.type}`);
  const existing = registry.get(definition.type);
  if (existing && existing !== definition) throw new Error(`business type ${definition.type} is defined twice`);
  registry.set(definition.type, definition);
  return definition;
}

/** The definition of a registered business type, or undefined. */
export function bizTypeDefinition(type: string): BizTypeDefinition<Record<string, unknown>> | undefined {
  return registry.get(type);
}

export const isBizType = (type: string): boolean => registry.has(type);

/** Every registered business type, in registration order. */
export function bizTypeNames(): string[] {
  return [...registry.keys()];
}

/** Business types whose tasks produce text. */
export function textBizTypes(): string[] {
  return [...registry.values()].filter((d) => d.output === 'text').map((d) => d.type);
}
