import type { BizType } from '@productimage/core';

/** One input file of a task, read from storage. */
export interface EngineInput {
  buffer: Buffer;
  contentType: string;
}

/** What an engine is asked to do: one task, already validated and paid for. */
export interface EngineJob<P = Record<string, unknown>> {
  taskId: string;
  bizType: BizType;
  params: P;
  inputs: EngineInput[];
  /** Aborted when the user stops the task or the worker shuts down: stop work promptly. */
  signal: AbortSignal;
  /** Reports progress, 0 to 100. */
  progress(percent: number): void;
}

/** One produced file; the task runner stores it and lists it in the task's outputs. */
export interface EngineOutput {
  buffer: Buffer;
  contentType: string;
  type: 'image' | 'video';
  ext: string;
}

/**
 * A generation engine: input files and parameters in, output files out, progress reported,
 * cancellable. The built-in `local` engine runs on the CPU; remote engines (ComfyUI, OpenAI-compatible
 * APIs) implement the same interface and are routed to by configuration (ENGINES).
 */
export interface Engine {
  readonly name: string;
  /** The business types this engine can produce. */
  readonly bizTypes: readonly BizType[];
  run(job: EngineJob): Promise<EngineOutput[]>;
  /** Loads models ahead of the first job (workers call it at start). */
  warm?(): Promise<void>;
  close?(): Promise<void>;
}

/** Thrown by engines for inputs they cannot work with (the task fails and is refunded). */
export class EngineInputError extends Error {}

/** Throws the signal's reason when it has been aborted; engines call it between steps. */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
