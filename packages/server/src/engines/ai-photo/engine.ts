import { bizTypeDefinition } from '@productimage/core';
import sharp from 'sharp';
import type { LockJobData } from '../garment-lock/engine.ts';
import { FIDELITY_LIMIT, type Fidelity, LOCKED_TYPES, type LockNote } from '../garment-lock/lock.ts';
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
import { admit, CIRCUIT_FAILURES, recordFailure, recordSuccess } from './circuit.ts';
import { circuitOpened } from './circuit-events.ts';
import type { Handover } from './handover.ts';
import { isTrialOnly } from './models.ts';
import { type CostSource, type PhotoProvider, ProviderError, type ProviderName, type ProviderResult } from './provider.ts';
import { type AttemptOutcome, clearAttempts, finishRun, type PhotoRoute, recordAttempt, routeOf, startRun } from './store.ts';

/**
 * The `ai-photo` engine: the AI-photography tools as one router over the fashion providers an
 * operator has a key for (FASHN, DashScope, fal). Its business types are every type some configured
 * provider serves. Which providers make a task, in order, is read from the routing table (store.ts)
 * when the task runs, so an operator's change applies to the next task without a restart; without a
 * route, every keyed provider that serves the type, those whose default model is sold per use first.
 *
 * A task goes to the first provider of its route whose circuit breaker (circuit.ts) lets it; a
 * failure of the provider's own (network, 5xx, time-out, quota, its error) hands it to the next with
 * the same signed inputs; a refusal of the merchant's input (moderation, an unusable picture) ends
 * it. Every try is an attempt (store.ts); the task is charged once by the task platform and refunded
 * once when it fails. For tools that re-stage a product the garment lock (engines/garment-lock) puts
 * the product's own pixels back in the engine pool; a picture that cannot be brought under
 * FIDELITY_LIMIT is made once more on the next provider, and failing that delivered without the
 * "locked" tag with the task's points refunded.
 */
export interface AiPhotoDeps {
  handover: (db: NonNullable<EngineJob['db']>) => Handover;
  /** The garment lock's engine (garment-lock/engine.ts), in the engine pool (index.ts). */
  lock: Engine<EngineResult>;
  /** Stores the provider's own picture of a locked output (its `/files/` URL), for the result page's compare toggle. */
  keepOriginal: (picture: EngineOutput) => Promise<string>;
  /** AI_PHOTO_CIRCUIT_SECONDS: how long an open circuit skips its provider before a probe. */
  circuitSeconds?: number;
}

/** Providers that take data URLs when our storage has no public address. */
const INLINE: Record<ProviderName, boolean> = { fashn: true, fal: true, dashscope: false };

/** One provider of a task's plan. */
export interface PlanStep {
  provider: PhotoProvider;
  model: string;
  extra: Record<string, unknown>;
  unitCost: number | null;
}

/**
 * The providers a task of this type is tried on, in order: the route's steps whose provider has a
 * key and serves the type; without a route, every keyed provider that serves it, those whose
 * default model is sold per use before trial-only ones.
 */
export function planFor(providers: readonly PhotoProvider[], bizType: string, route: PhotoRoute | null): PlanStep[] {
  if (route?.providers.length) {
    const steps: PlanStep[] = [];
    for (const step of route.providers) {
      const provider = providers.find((p) => p.name === step.provider && p.serves[bizType]);
      if (!provider) continue;
      steps.push({ provider, model: step.model || provider.serves[bizType] || '', extra: step.params, unitCost: step.unitCost });
    }
    if (steps.length) return steps;
  }
  return providers
    .filter((p) => p.serves[bizType])
    .map((p, i) => ({ p, i, trial: isTrialOnly(p.serves[bizType] ?? '') }))
    .sort((a, b) => Number(a.trial) - Number(b.trial) || a.i - b.i)
    .map(({ p }) => ({ provider: p, model: p.serves[bizType] ?? '', extra: {}, unitCost: null }));
}

/** The first provider and model a task of this type goes to (the console's effective route). */
export function chooseProvider(providers: readonly PhotoProvider[], bizType: string, route: PhotoRoute | null) {
  return planFor(providers, bizType, route)[0] ?? null;
}

/** A refusal of the merchant's input: not the provider's fault, not handed on. */
const isRefusal = (err: unknown) =>
  err instanceof ProviderError && (err.providerKey === 'imageModerationRefused' || err.providerKey === 'imageProviderInput');

async function formatOf(buffer: Buffer): Promise<'png' | 'jpeg' | 'webp'> {
  const format = await sharp(buffer)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp')
    throw new ProviderError('imageEngineFailed', 'the provider answered something that is not a picture');
  return format;
}

/** What one provider made of a task, after the garment lock. */
interface Made {
  step: PlanStep;
  outputs: EngineOutput[];
  /** Per output: the provider's own picture when the lock replaced it (kept in storage only when delivered). */
  raw: Array<EngineOutput | null>;
  fidelity: Array<Fidelity | null>;
  notes: LockNote[];
  /** Every picture locked and under FIDELITY_LIMIT (or a type the lock does not apply to). */
  faithful: boolean;
  result: ProviderResult;
}

/** The mean of the worst picture's fidelity (Infinity when one could not be placed): the better of two tries is kept. */
const worst = (made: Made) => Math.max(...made.fidelity.map((f) => (f ? f.mean : Number.POSITIVE_INFINITY)));

export function createAiPhotoEngine(providers: readonly PhotoProvider[], deps: AiPhotoDeps): Engine {
  const bizTypes = [...new Set(providers.flatMap((p) => Object.keys(p.serves)))];
  const seconds = deps.circuitSeconds ?? 60;
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
  /** The plan without the providers that cannot take this many input pictures (DashScope's shoes need a model picture). */
  const usable = (plan: PlanStep[], bizType: string, inputs: number) =>
    plan.filter((s) => {
      const need = s.provider.needs?.[bizType];
      return !need || inputs >= need.inputs;
    });
  return {
    name: 'ai-photo',
    bizTypes,
    /**
     * Before any charge: some provider of the route must be able to work with the inputs given
     * (DashScope's shoes need a model picture). Without the database (a caller that cannot say),
     * nothing is refused here and the provider's own check fails the task (refunded).
     */
    async validate(bizType: string, _params: Record<string, unknown>, context?: ValidateContext) {
      if (!context?.db || context.inputs === undefined) return;
      const plan = planFor(providers, bizType, await routeOf(context.db, bizType));
      if (!plan.length || usable(plan, bizType, context.inputs).length) return;
      const need = plan[0]?.provider.needs?.[bizType];
      if (need) throw new EngineInputError(`${plan[0]?.provider.name} needs ${need.inputs} pictures for ${bizType}`, need.key);
    },
    async run(job: EngineJob) {
      const db = job.db;
      if (!db) throw new Error('the ai-photo engine records its runs: the task runner gives it the database');
      const plan = usable(planFor(providers, job.bizType, await routeOf(db, job.bizType)), job.bizType, job.inputs.length);
      const head = plan[0];
      if (!head) throw new ProviderError('imageEngineRejected', `no provider makes ${job.bizType}`);
      const points = bizTypeDefinition(job.bizType)?.cost(job.params, job.inputs.length) ?? 0;
      await startRun(db, {
        taskId: job.taskId,
        bizType: job.bizType,
        provider: head.provider.name,
        model: head.model,
        currency: head.provider.currency,
        points,
      });
      await clearAttempts(db, job.taskId);
      // One handover for the task: every provider is given the same signed URLs (or data URLs).
      const handover = deps.handover(db);
      const first = job.inputs[0];
      const locked = LOCKED_TYPES.has(job.bizType) && !!first;
      // The product's cutout, made once in the engine pool when a provider wants it (DashScope's backgrounds).
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

      /** One provider's run of the task, its pictures checked and locked. */
      const make = async (step: PlanStep): Promise<Made> => {
        const inline = INLINE[step.provider.name];
        const images: string[] = [];
        for (const input of job.inputs) images.push(await handover.url(input, { inline }));
        const result = await step.provider.run({
          taskId: job.taskId,
          bizType: job.bizType,
          model: step.model,
          params: job.params,
          extra: step.extra,
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
        const made: Made = { step, outputs, raw: outputs.map(() => null), fidelity: [], notes: [], faithful: true, result };
        if (!locked || !first) return made;
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
          made.fidelity[i] = outcome.fidelity;
          const file = outcome.locked ? files.shift() : undefined;
          if (file) {
            made.raw[i] = outputs[i] ?? null;
            made.outputs[i] = { buffer: file.buffer, contentType: 'image/png', type: 'image', ext: 'png' };
          }
          const faithful = outcome.locked && !!outcome.fidelity && outcome.fidelity.mean <= FIDELITY_LIMIT;
          if (!faithful) {
            made.faithful = false;
            made.notes.push(outcome.note ?? 'lowFidelity');
          }
        }
        return made;
      };

      let seq = 0;
      let lastError: unknown = null;
      let kept: Made | null = null;
      let retried = false;
      const attempt = async (step: PlanStep, outcome: AttemptOutcome, started: number, error: string | null) => {
        await recordAttempt(db, {
          taskId: job.taskId,
          seq: seq++,
          bizType: job.bizType,
          provider: step.provider.name,
          model: step.model,
          outcome,
          ms: Date.now() - started,
          error,
        });
      };
      try {
        job.progress(5);
        for (const [index, step] of plan.entries()) {
          checkAborted(job.signal);
          const gate = await admit(db, step.provider.name, seconds);
          if (gate === 'skip') continue;
          const started = Date.now();
          let made: Made;
          try {
            made = await make(step);
          } catch (err) {
            if (job.signal.aborted) {
              await attempt(step, 'stopped', started, null);
              throw err;
            }
            const key = err instanceof ProviderError ? err.providerKey : 'imageEngineFailed';
            if (isRefusal(err)) {
              await attempt(step, 'refused', started, key);
              throw err;
            }
            await attempt(step, 'failed', started, key);
            const message = err instanceof Error ? err.message : String(err);
            // The operators are told once per opening (the composition root's handler: their inbox).
            if (await recordFailure(db, step.provider.name, `${key}: ${message}`))
              await circuitOpened(db, {
                provider: step.provider.name,
                error: `${key}: ${message}`.slice(0, 300),
                failures: CIRCUIT_FAILURES,
                seconds,
                at: Date.now(),
              });
            lastError = err;
            continue;
          }
          await recordSuccess(db, step.provider.name);
          const better: Made = !kept || worst(made) < worst(kept) ? made : kept;
          // A picture the lock could not bring under FIDELITY_LIMIT: made once more on the next provider.
          const next = plan.slice(index + 1).length > 0;
          if (!made.faithful && !retried && next) {
            await attempt(step, 'failed', started, 'lowFidelity');
            retried = true;
            kept = better;
            continue;
          }
          await attempt(step, 'ok', started, made.faithful ? null : 'lowFidelity');
          return await deliver(made.faithful ? made : better);
        }
        // Every provider failed (or was skipped): the better low-fidelity try is delivered, else the task fails.
        if (kept) return await deliver(kept);
        throw (
          lastError ??
          new ProviderError('imageEngineBusy', 'every provider of this route is resting after failures (circuit open)')
        );
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

      /** Records the run and answers its pictures; not faithful: no "locked" tag, the points refunded. */
      async function deliver(made: Made): Promise<EngineResult> {
        job.progress(95);
        const { step, result, outputs } = made;
        // The provider's own pictures of the locked ones, for the result page's compare toggle.
        const originals: Array<string | null> = [];
        for (const raw of made.raw) originals.push(raw ? await deps.keepOriginal(raw) : null);
        // What the provider billed wins; then the operator's unit cost of the route; then its published price.
        const routeCost = step.unitCost === null ? null : Math.round(step.unitCost * outputs.length * 1000) / 1000;
        const source: CostSource | null =
          result.cost !== null && result.costSource === 'reported'
            ? 'reported'
            : routeCost !== null
              ? 'route'
              : result.cost !== null
                ? 'published'
                : null;
        await finishRun(db!, job.taskId, {
          status: 'completed',
          provider: step.provider.name,
          currency: step.provider.currency,
          providerTaskId: result.providerTaskId,
          model: result.model ?? step.model,
          cost: source === 'route' ? routeCost : source ? result.cost : null,
          costSource: source,
          garmentLocked: locked && made.faithful,
          lockNote: locked ? (made.notes[0] ?? null) : null,
          originals,
          fidelity: locked ? made.fidelity : [],
        });
        return locked && !made.faithful
          ? { files: outputs, refund: `garment lock: ${made.notes[0] ?? 'lowFidelity'}` }
          : { files: outputs };
      }
    },
  };
}
