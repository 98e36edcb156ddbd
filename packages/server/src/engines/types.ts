import type { Db } from '../platform/db/index.ts';

/** One input file of a task, read from storage. */
export interface EngineInput {
  buffer: Buffer;
  contentType: string;
}

/** What an engine is asked to do: one task, already validated and paid for. */
export interface EngineJob<P = Record<string, unknown>> {
  taskId: string;
  /** A business type of the open registry (core `defineBizType`). */
  bizType: string;
  params: P;
  inputs: EngineInput[];
  /** Aborted when the user stops the task or the worker shuts down: stop work promptly. */
  signal: AbortSignal;
  /** Reports progress, 0 to 100. */
  progress(percent: number): void;
  /**
   * Streams a piece of generated text (text business types): pieces are appended in order to the
   * task's text, which clients receive as `delta` events and which survives a reload. File engines
   * never call it. The task runner always provides it (optional only so file-engine tests can omit it).
   */
  delta?(text: string): void;
  /**
   * The database, for domain engines that keep their own records as they go (knowledge training
   * indexes its chunks step by step and saves its progress, so a resumed task goes on from there).
   * The task runner always provides it; engines that make files or text ignore it.
   */
  db?: Db;
  /**
   * Set for a 2K download (tasks/downloads.ts): draw only output `index` of the task again, from
   * the same params and inputs, at `longSide` px on its long side (never an enlargement of the
   * stored file). Only engines that list the business type in `rendersLarger` are asked.
   */
  render?: { index: number; longSide: number };
}

/** What `validate` may know about the task besides its params. */
export interface ValidateContext {
  previous?: Buffer;
  inputs?: number;
  db?: Db;
}

/** One produced file; the task runner stores it and lists it in the task's outputs. */
export interface EngineOutput {
  buffer: Buffer;
  contentType: string;
  type: 'image' | 'video';
  ext: string;
}

/**
 * What a run produced. File engines answer their files (an array is short for `{ files }`); text
 * engines answer the final `text` (which should extend what they streamed through `delta`; when it
 * does not, clients are sent the whole text again) and, for business types with a `result` schema,
 * the structured JSON `data`.
 */
export interface EngineResult {
  files?: EngineOutput[];
  text?: string;
  data?: unknown;
  /**
   * Set when the task is delivered short of what was paid for (the fashion router's garment lock
   * could not hold, issue 45): the task completes with its files and its points are refunded once,
   * in the same transaction, with this note.
   */
  refund?: string;
}

/**
 * A generation engine: inputs and parameters in, files or text out, progress (and text) streamed,
 * cancellable. The built-in `local` engine runs on the CPU; remote engines (ComfyUI, OpenAI-compatible
 * APIs) implement the same interface and are routed to by configuration (ENGINES). The task domain
 * reaches engines only through the registry (engines/registry.ts).
 */
export interface Engine<R extends EngineOutput[] | EngineResult = EngineOutput[] | EngineResult> {
  readonly name: string;
  /** The business types this engine can produce. */
  readonly bizTypes: readonly string[];
  run(job: EngineJob): Promise<R>;
  /**
   * Business types whose outputs this engine draws again at 2048 px for a 2K download
   * (`EngineJob.render`), where it delivers them smaller (QR art at 1024, posters at 1080).
   */
  readonly rendersLarger?: readonly string[];
  /**
   * Business types this engine renders to a preset's frame itself (`params.frame`, batches run for
   * a marketplace preset); any other engine's pictures are framed after it (studio/tasks/preset-framing.ts).
   */
  readonly framesToPreset?: readonly string[];
  /**
   * Engine-specific checks of a task's parsed params before it is charged (e.g. a refinement mask
   * with no stroke). Throw `EngineInputError` with an error catalogue key to refuse the task.
   * `context.previous` is the user's earlier result the task refines, when the task domain found one;
   * `context.inputs` the number of input pictures and `context.db` the database (engines whose
   * routing lives in a table, as the fashion providers', check what the routed provider needs).
   */
  validate?(bizType: string, params: Record<string, unknown>, context?: ValidateContext): Promise<void>;
  /** Pictures the engine draws for the tools' pickers (kind `reference` or `qr`), or null. */
  picture?(kind: string, id: string): Promise<Buffer | null>;
  /** Loads models ahead of the first job (workers call it at start). */
  warm?(): Promise<void>;
  close?(): Promise<void>;
}

/**
 * Thrown by engines for inputs they cannot work with (the task fails and is refunded). With a
 * `key` (an error catalogue key, e.g. `maskEmpty`) from `validate`, the task is refused before charging.
 */
export class EngineInputError extends Error {
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

/** Throws the signal's reason when it has been aborted; engines call it between steps. */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** Normalises what `run` answered. */
export function engineResult(result: EngineOutput[] | EngineResult): EngineResult {
  return Array.isArray(result) ? { files: result } : result;
}
