import { bizTypeDefinition } from '@productimage/core';
import { ImageEngineError } from '../../engines/comfyui/http.ts';
import { ChatEngineError } from '../../engines/openai-chat/chat.ts';
import { type EngineInput, EngineInputError, engineResult } from '../../engines/types.ts';
import { newKey } from '../../platform/storage/index.ts';
import { rememberResult } from './own-results.ts';
import type { WorkerContext } from './runtime-types.ts';
import {
  bizTypeOf,
  completeTask,
  failTask,
  jobOf,
  parseInputs,
  requeueTask,
  runOf,
  type StoredOutput,
  setProgress,
  type TextResult,
} from './store.ts';

/** Why a running task was aborted: the user stopped it, or this process is shutting down. */
export class TaskStopped extends Error {}
export class WorkerShutdown extends Error {}

/**
 * The error catalogue key a failed task shows: an image engine's own (unreachable, busy, timed
 * out, refused, failed) or the chat model's (unavailable, rate-limited, bad answer, ...) so users and
 * operators read what went wrong; otherwise the generic one.
 */
export function failureKeyOf(err: unknown): string | undefined {
  return err instanceof ImageEngineError || err instanceof ChatEngineError ? err.key : undefined;
}

/** Progress (and streamed text) is written to the database at most this often; events carry every step. */
const PROGRESS_WRITE_MS = 500;

/** Parameters as stored at creation (already validated), parsed again for their types and defaults. */
export function parseStoredParams(bizType: string, raw: unknown): Record<string, unknown> {
  const schema = bizTypeDefinition(bizType)?.params;
  return schema ? (schema.parse(raw) as Record<string, unknown>) : (raw as Record<string, unknown>);
}

/**
 * Writes progress and text of a running task at most every PROGRESS_WRITE_MS, with a trailing
 * write so the last state always lands (streams re-read it to fill gaps between events).
 */
function throttledWriter(ctx: WorkerContext, taskId: string, workerId: string) {
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let state: { progress: number; text?: string } = { progress: 0 };
  const write = () => {
    timer = undefined;
    lastWrite = Date.now();
    const { progress, text } = state;
    chain = chain
      .then(() => setProgress(ctx.db, taskId, workerId, progress, text))
      .catch((err) => ctx.log.warn({ err, taskId }, 'progress write failed'));
  };
  return {
    update(next: { progress: number; text?: string }) {
      state = next;
      if (timer) return;
      const wait = lastWrite + PROGRESS_WRITE_MS - Date.now();
      if (wait <= 0) write();
      else timer = setTimeout(write, wait);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await chain;
    },
  };
}

/**
 * Runs one claimed task to its end: reads the inputs from storage, runs the engine (streaming
 * progress and, for text types, text deltas), stores the outputs and completes the task; on an
 * engine failure it fails the task and refunds it. A stop by the user aborts the engine (the stop
 * itself refunded); a shutdown puts the task back in the queue.
 */
export async function runClaimedTask(
  ctx: WorkerContext,
  taskId: string,
  workerId: string,
  controller: AbortController,
): Promise<void> {
  const { engines, events } = ctx.tasks;
  const task = await ctx.db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const definition = bizTypeDefinition(bizTypeOf(task));
  const isText = definition?.output === 'text';
  const signal = controller.signal;
  // A text task starts from an empty text (also when resumed after its worker died).
  // The run (its claim time) tells streams that a resumed task's text starts again.
  const run = runOf(task.started_at);
  events.publish(taskId, { status: 'generating', progress: 0, ...(isText ? { text: '', run } : {}) });
  let stored: StoredOutput[] = [];
  const writer = throttledWriter(ctx, taskId, workerId);
  try {
    const engine = engines.byName(task.engine);
    if (!engine) throw new Error(`engine ${task.engine} is not configured in this process`);
    if (!definition) throw new Error(`business type ${task.biz_type} is not registered in this process`);
    const inputs: EngineInput[] = [];
    for (const input of parseInputs(task)) {
      const object = await ctx.storage.get(input.key);
      if (!object) throw new EngineInputError(`input ${input.key} is missing from storage`);
      inputs.push({ buffer: object.data, contentType: object.contentType });
    }
    let written = 0;
    let text = '';
    const result = engineResult(
      await engine.run({
        taskId,
        bizType: bizTypeOf(task),
        params: parseStoredParams(bizTypeOf(task), JSON.parse(task.params)),
        inputs,
        signal,
        db: ctx.db,
        progress(percent) {
          // Never 100 before the outputs are stored; never backwards.
          const p = Math.max(written, Math.min(99, Math.round(percent)));
          if (p === written) return;
          written = p;
          events.publish(taskId, { progress: p });
          writer.update({ progress: p, ...(isText ? { text } : {}) });
        },
        delta(piece) {
          if (!isText || !piece || signal.aborted) return;
          const offset = text.length;
          text += piece;
          events.publish(taskId, { delta: { offset, text: piece }, run });
          writer.update({ progress: written, text });
        },
      }),
    );
    await writer.stop();
    if (signal.aborted) throw signal.reason;
    let textResult: TextResult | undefined;
    if (isText) {
      textResult = { text: result.text ?? text };
      if (definition.result) {
        const data = definition.result.safeParse(result.data);
        if (!data.success) throw new Error(`engine ${engine.name} answered data that does not fit ${task.biz_type}`);
        textResult.data = data.data;
      } else if (result.data !== undefined) textResult.data = result.data;
    }
    for (const output of result.files ?? []) {
      const { key, url } = await ctx.storage.put(newKey('outputs', output.ext), output.buffer, output.contentType);
      stored.push({ key, url, type: output.type });
    }
    if (await completeTask(ctx.db, task, workerId, stored, textResult, result.refund)) {
      // Known by content from now on, so the downloaded file is accepted again (own-results.ts).
      for (const output of result.files ?? [])
        if (output.type === 'image') await rememberResult(ctx.db, task.user_id, taskId, output.buffer).catch(() => undefined);
      events.publish(taskId, {
        status: 'completed',
        progress: 100,
        outputs: stored.map(({ url, type }) => ({ url, type })),
        ...(textResult ? { text: textResult.text, data: textResult.data ?? null } : {}),
      });
      stored = [];
    }
  } catch (err) {
    await writer.stop();
    const reason = signal.aborted ? signal.reason : err;
    if (reason instanceof WorkerShutdown) {
      if (await requeueTask(ctx.db, taskId, workerId)) await ctx.tasks.queue.add(jobOf(task));
    } else if (!(reason instanceof TaskStopped)) {
      ctx.log.warn({ err, taskId, bizType: task.biz_type }, 'generation failed');
      if (await failTask(ctx.db, taskId, workerId, failureKeyOf(reason))) events.publish(taskId, { status: 'failed' });
    }
  } finally {
    // Outputs of a task that did not complete (stopped meanwhile) are not kept.
    for (const output of stored) await ctx.storage.delete(output.key).catch(() => undefined);
  }
}
