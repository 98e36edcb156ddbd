import { bizTypeDefinition } from '@productimage/core';
import sharp from 'sharp';
import type { LockJobData } from '../garment-lock/engine.ts';
import { LOCKED_TYPES, type LockNote } from '../garment-lock/lock.ts';
import {
  checkAborted,
  type Engine,
  type EngineInput,
  EngineInputError,
  type EngineJob,
  type EngineOutput,
  type EngineResult,
  type ValidateContext,
} from '../types.ts';
import type { Handover } from './handover.ts';
import { type CostSource, type PhotoProvider, ProviderError, type ProviderName } from './provider.ts';
import { finishRun, type PhotoRoute, routeOf, startRun } from './store.ts';

/**
 * The `ai-photo` engine: the AI-photography tools through the fashion providers an operator has a
 * key for (FASHN, DashScope, fal). Its business types are every type some configured provider
 * serves, so the menu marks them available; which provider makes a task is read from the routing
 * table (store.ts) when the task runs, so an operator's change applies to the next task without a
 * restart. A type with no route (or routed to a provider without a key) goes to the first
 * configured provider that serves it.
 *
 * Each run is recorded (provider, model, the provider's cost, the points, how it ended); a
 * provider's failure fails the task, which the task platform refunds once. For tools that re-stage
 * a product the garment lock (engines/garment-lock) puts the product's own pixels back; its CPU work
 * (cutout, composite) runs in the engine pool, not on this process's event loop.
 */
export interface AiPhotoDeps {
  handover: (db: NonNullable<EngineJob['db']>) => Handover;
  /** The garment lock's engine (garment-lock/engine.ts), in the engine pool (index.ts). */
  lock: Engine<EngineResult>;
  /** Stores the provider's own picture of a locked output (its `/files/` URL), for the result page's compare toggle. */
  keepOriginal: (picture: EngineOutput) => Promise<string>;
}

/** Providers that take data URLs when our storage has no public address. */
const INLINE: Record<ProviderName, boolean> = { fashn: true, fal: true, dashscope: false };

export function chooseProvider(providers: readonly PhotoProvider[], bizType: string, route: PhotoRoute | null) {
  const routed = route ? providers.find((p) => p.name === route.provider && p.serves[bizType]) : undefined;
  const provider = routed ?? providers.find((p) => p.serves[bizType]);
  if (!provider) return null;
  const model = (routed && route?.model) || provider.serves[bizType] || '';
  return { provider, model, extra: routed ? (route?.params ?? {}) : {}, unitCost: routed ? (route?.unitCost ?? null) : null };
}

async function formatOf(buffer: Buffer): Promise<'png' | 'jpeg' | 'webp'> {
  const format = await sharp(buffer)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp')
    throw new ProviderError('imageEngineFailed', 'the provider answered something that is not a picture');
  return format;
}

export function createAiPhotoEngine(providers: readonly PhotoProvider[], deps: AiPhotoDeps): Engine {
  const bizTypes = [...new Set(providers.flatMap((p) => Object.keys(p.serves)))];
  /** One garment-lock job of this task in the engine pool (stopped with the task). */
  const lockJob = async (job: EngineJob, inputs: EngineInput[], params: Record<string, unknown>): Promise<EngineResult> => {
    return deps.lock.run({
      taskId: job.taskId,
      bizType: job.bizType,
      params,
      inputs,
      signal: job.signal,
      progress: () => undefined,
    });
  };
  return {
    name: 'ai-photo',
    bizTypes,
    /**
     * Before any charge: the provider the routing table sends this type to must be able to work with
     * the inputs given (DashScope's shoes need a model picture). Without the database (a caller that
     * cannot say), nothing is refused here and the provider's own check fails the task (refunded).
     */
    async validate(bizType: string, _params: Record<string, unknown>, context?: ValidateContext) {
      if (!context?.db || context.inputs === undefined) return;
      const choice = chooseProvider(providers, bizType, await routeOf(context.db, bizType));
      const need = choice?.provider.needs?.[bizType];
      if (need && context.inputs < need.inputs)
        throw new EngineInputError(`${choice?.provider.name} needs ${need.inputs} pictures for ${bizType}`, need.key);
    },
    async run(job: EngineJob) {
      const db = job.db;
      if (!db) throw new Error('the ai-photo engine records its runs: the task runner gives it the database');
      const choice = chooseProvider(providers, job.bizType, await routeOf(db, job.bizType));
      if (!choice) throw new ProviderError('imageEngineRejected', `no provider makes ${job.bizType}`);
      const { provider, model } = choice;
      const points = bizTypeDefinition(job.bizType)?.cost(job.params, job.inputs.length) ?? 0;
      await startRun(db, {
        taskId: job.taskId,
        bizType: job.bizType,
        provider: provider.name,
        model,
        currency: provider.currency,
        points,
      });
      const handover = deps.handover(db);
      try {
        job.progress(5);
        const inline = INLINE[provider.name];
        const images: string[] = [];
        for (const input of job.inputs) images.push(await handover.url(input, { inline }));
        const first = job.inputs[0];
        // The product's cutout, made once in the engine pool when the provider wants it (DashScope's backgrounds).
        let cutout: Promise<EngineInput> | undefined;
        const cutoutOf = () => {
          if (!first) throw new ProviderError('imageProviderInput', 'no product picture');
          cutout ??= lockJob(job, [first], { mode: 'cutout' }).then((r) => {
            const file = r.files?.[0];
            if (!file) throw new ProviderError('imageEngineFailed', 'the cutout made nothing');
            return { buffer: file.buffer, contentType: 'image/png' };
          });
          return cutout;
        };
        const result = await provider.run({
          taskId: job.taskId,
          bizType: job.bizType,
          model,
          params: job.params,
          extra: choice.extra,
          images,
          cutout: async () => handover.url(await cutoutOf(), { inline }),
          signal: job.signal,
          progress: (p) => job.progress(p),
        });
        checkAborted(job.signal);
        if (!result.pictures.length) throw new ProviderError('imageEngineFailed', 'the provider made no pictures');
        const outputs: EngineOutput[] = [];
        for (const picture of result.pictures) {
          const format = await formatOf(picture.buffer);
          outputs.push({
            buffer: picture.buffer,
            contentType: `image/${format}`,
            type: 'image',
            ext: format === 'jpeg' ? 'jpg' : format,
          });
        }
        const notes: LockNote[] = [];
        const originals: Array<string | null> = outputs.map(() => null);
        let locked = 0;
        if (LOCKED_TYPES.has(job.bizType) && first) {
          // In the engine pool: the product layer (or the cutout already made), the provider's pictures.
          const layerInput = cutout ? await cutout : first;
          const lockResult = await lockJob(job, [layerInput, ...outputs], {
            mode: 'lock',
            layer: cutout ? 'cutout' : 'photo',
            ratio: job.params.ratio,
          });
          const { outcomes } = lockResult.data as LockJobData;
          const files = [...(lockResult.files ?? [])];
          for (const [i, outcome] of outcomes.entries()) {
            const output = outputs[i];
            if (!output) continue;
            if (outcome.locked) {
              const file = files.shift();
              if (!file) continue;
              locked++;
              originals[i] = await deps.keepOriginal(output);
              outputs[i] = { buffer: file.buffer, contentType: 'image/png', type: 'image', ext: 'png' };
            } else if (outcome.note) notes.push(outcome.note);
          }
        }
        job.progress(95);
        // What the provider billed wins; then the operator's unit cost of the route; then its published price.
        const routeCost = choice.unitCost === null ? null : Math.round(choice.unitCost * outputs.length * 1000) / 1000;
        const source: CostSource | null =
          result.cost !== null && result.costSource === 'reported'
            ? 'reported'
            : routeCost !== null
              ? 'route'
              : result.cost !== null
                ? 'published'
                : null;
        await finishRun(db, job.taskId, {
          status: 'completed',
          providerTaskId: result.providerTaskId,
          model: result.model ?? model,
          cost: source === 'route' ? routeCost : source ? result.cost : null,
          costSource: source,
          // Locked when every picture got the product's pixels back; otherwise the first reason why not.
          garmentLocked: locked > 0 && locked === outputs.length,
          lockNote: LOCKED_TYPES.has(job.bizType) ? (notes[0] ?? null) : null,
          originals,
        });
        return outputs;
      } catch (err) {
        const stopped = job.signal.aborted;
        await finishRun(db, job.taskId, {
          status: stopped ? 'stopped' : 'failed',
          error: err instanceof ProviderError ? err.providerKey : null,
          message: err instanceof Error ? err.message : String(err),
        }).catch(() => undefined);
        throw err;
      } finally {
        await handover.done();
      }
    },
  };
}
