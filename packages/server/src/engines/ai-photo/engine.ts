import { bizTypeDefinition } from '@productimage/core';
import sharp from 'sharp';
import { LOCKED_TYPES, type LockNote, lockGarment, type ProductLayer, productLayer } from '../garment-lock/lock.ts';
import { encodePng } from '../local/imaging.ts';
import { checkAborted, type Engine, EngineInputError, type EngineJob, type EngineOutput, type ValidateContext } from '../types.ts';
import type { Handover } from './handover.ts';
import { type PhotoProvider, ProviderError, type ProviderName } from './provider.ts';
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
 * a product the garment lock (engines/garment-lock) puts the product's own pixels back.
 */
export interface AiPhotoDeps {
  handover: (db: NonNullable<EngineJob['db']>) => Handover;
  /** The product layer of an input (the local cutout); replaceable in tests. */
  productLayer?: (input: Buffer, signal: AbortSignal) => Promise<ProductLayer>;
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
  const layerOf = deps.productLayer ?? productLayer;
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
        let layer: Promise<ProductLayer> | undefined;
        const productOf = () => {
          const first = job.inputs[0];
          if (!first) throw new ProviderError('imageProviderInput', 'no product picture');
          layer ??= layerOf(first.buffer, job.signal);
          return layer;
        };
        const result = await provider.run({
          taskId: job.taskId,
          bizType: job.bizType,
          model,
          params: job.params,
          extra: choice.extra,
          images,
          cutout: async () => handover.url({ buffer: await encodePng(await productOf()), contentType: 'image/png' }, { inline }),
          signal: job.signal,
          progress: (p) => job.progress(p),
        });
        checkAborted(job.signal);
        if (!result.pictures.length) throw new ProviderError('imageEngineFailed', 'the provider made no pictures');
        const outputs: EngineOutput[] = [];
        const notes: LockNote[] = [];
        let locked = 0;
        // A picture framed otherwise than the product photo is a new composition: known from the sizes
        // alone, so the cutout is made only when some picture can take the lock.
        const inputMeta = job.inputs[0] ? await sharp(job.inputs[0].buffer).metadata() : null;
        // EXIF orientations 5 to 8 turn the photo a quarter (the cutout applies them).
        const turned = (inputMeta?.orientation ?? 1) >= 5;
        const inputAspect =
          inputMeta?.width && inputMeta.height
            ? turned
              ? inputMeta.height / inputMeta.width
              : inputMeta.width / inputMeta.height
            : 0;
        for (const picture of result.pictures) {
          let buffer = picture.buffer;
          let format = await formatOf(buffer);
          const meta = await sharp(buffer).metadata();
          const aspect = meta.width && meta.height ? meta.width / meta.height : 0;
          if (LOCKED_TYPES.has(job.bizType) && (!inputAspect || Math.abs(aspect - inputAspect) > 0.03 * inputAspect))
            notes.push('sizeChanged');
          else if (LOCKED_TYPES.has(job.bizType)) {
            const outcome = await lockGarment(await productOf(), buffer);
            if (outcome.locked) {
              locked++;
              buffer = outcome.buffer;
              format = 'png';
            } else if (outcome.note) notes.push(outcome.note);
          }
          outputs.push({ buffer, contentType: `image/${format}`, type: 'image', ext: format === 'jpeg' ? 'jpg' : format });
        }
        job.progress(95);
        const cost =
          result.cost ?? (choice.unitCost === null ? null : Math.round(choice.unitCost * outputs.length * 1000) / 1000);
        await finishRun(db, job.taskId, {
          status: 'completed',
          providerTaskId: result.providerTaskId,
          model: result.model ?? model,
          cost,
          // Locked when every picture got the product's pixels back; otherwise the first reason why not.
          garmentLocked: locked > 0 && locked === outputs.length,
          lockNote: LOCKED_TYPES.has(job.bizType) ? (notes[0] ?? null) : null,
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
