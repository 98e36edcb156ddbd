import { type BizType, hasParamSchema, TASK_PARAM_SCHEMAS } from '@productimage/core';
import type { AppContext } from '../context.ts';
import { type EngineInput, EngineInputError } from '../engines/types.ts';
import { newKey } from '../storage/index.ts';
import { bizTypeOf, completeTask, failTask, parseInputs, requeueTask, type StoredOutput, setProgress } from './store.ts';

/** Why a running task was aborted: the user stopped it, or this process is shutting down. */
export class TaskStopped extends Error {}
export class WorkerShutdown extends Error {}

/** Progress is written to the database at most this often (events carry every step). */
const PROGRESS_WRITE_MS = 500;

/** Parameters as stored at creation (already validated), parsed again for their types and defaults. */
export function parseStoredParams(bizType: BizType, raw: unknown): Record<string, unknown> {
  return hasParamSchema(bizType)
    ? (TASK_PARAM_SCHEMAS[bizType].parse(raw) as Record<string, unknown>)
    : (raw as Record<string, unknown>);
}

/**
 * Runs one claimed task to its end: reads the inputs from storage, runs the engine, stores the
 * outputs and completes the task; on an engine failure it fails the task and refunds it. A stop by
 * the user aborts the engine (the stop itself refunded); a shutdown puts the task back in the queue.
 */
export async function runClaimedTask(
  ctx: AppContext,
  taskId: string,
  workerId: string,
  controller: AbortController,
): Promise<void> {
  const { engines, events } = ctx.tasks;
  const task = await ctx.db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const signal = controller.signal;
  events.publish(taskId, { status: 'generating', progress: 0 });
  let stored: StoredOutput[] = [];
  try {
    const engine = engines.byName(task.engine);
    if (!engine) throw new Error(`engine ${task.engine} is not configured in this process`);
    const inputs: EngineInput[] = [];
    for (const input of parseInputs(task)) {
      const object = await ctx.storage.get(input.key);
      if (!object) throw new EngineInputError(`input ${input.key} is missing from storage`);
      inputs.push({ buffer: object.data, contentType: object.contentType });
    }
    let written = 0;
    let lastWrite = 0;
    const outputs = await engine.run({
      taskId,
      bizType: bizTypeOf(task),
      params: parseStoredParams(bizTypeOf(task), JSON.parse(task.params)),
      inputs,
      signal,
      progress(percent) {
        // Never 100 before the outputs are stored; never backwards.
        const p = Math.max(written, Math.min(99, Math.round(percent)));
        if (p === written) return;
        written = p;
        events.publish(taskId, { progress: p });
        const now = Date.now();
        if (now - lastWrite >= PROGRESS_WRITE_MS) {
          lastWrite = now;
          setProgress(ctx.db, taskId, workerId, p).catch((err) => ctx.log.warn({ err, taskId }, 'progress write failed'));
        }
      },
    });
    if (signal.aborted) throw signal.reason;
    for (const output of outputs) {
      const { key, url } = await ctx.storage.put(newKey('outputs', output.ext), output.buffer, output.contentType);
      stored.push({ key, url, type: output.type });
    }
    if (await completeTask(ctx.db, task, workerId, stored)) {
      events.publish(taskId, { status: 'completed', progress: 100, outputs: stored.map(({ url, type }) => ({ url, type })) });
      stored = [];
    }
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    if (reason instanceof WorkerShutdown) {
      if (await requeueTask(ctx.db, taskId, workerId))
        await ctx.tasks.queue.add({ taskId, engine: task.engine, attempt: task.attempts });
    } else if (!(reason instanceof TaskStopped)) {
      ctx.log.warn({ err, taskId, bizType: task.biz_type }, 'generation failed');
      if (await failTask(ctx.db, taskId, workerId)) events.publish(taskId, { status: 'failed' });
    }
  } finally {
    // Outputs of a task that did not complete (stopped meanwhile) are not kept.
    for (const output of stored) await ctx.storage.delete(output.key).catch(() => undefined);
  }
}
