import type { TaskStatus } from '../constants/tasks.ts';
import type { Schema } from './typed.ts';

/**
 * The events of each server-sent-events route, by name, with the JSON `data` each carries: the one
 * source for the server's writer (server platform/http/sse.ts, `sseSender<Events>`) and the
 * clients' reader (`readEventStream<Events>`), so neither can write or expect a shape the other
 * does not know. Whole views (a stream's snapshot) are the generated types of the schemas their
 * JSON routes publish (`npm run gen:api`): a stream and the route that reads the same thing
 * answer one shape, and a view that gains a field fails the writer's type check until its schema
 * has it.
 */

/** GET /api/tasks/{taskId}/events (docs/engines.md "Task events"; tasks/events.ts applies them). */
export interface TaskStreamEvents {
  /** The whole task: the first event of a fresh connection (not repeated on resume). */
  task: Schema<'TaskView'>;
  progress: { progress: number };
  /** A piece of streamed text starting at `offset` of the task's text. */
  delta: { offset: number; text: string };
  /** The whole text so far, replacing the client's (the task ran again). */
  text: { text: string };
  /** The results of a completed task (`data`: text types' structured result). */
  outputs: { outputs: Schema<'TaskView'>['outputs']; data?: unknown };
  /** The status changed; a final status ends the stream. */
  status: { status: TaskStatus; progress: number; error: string | null };
}

/**
 * GET /api/ideas/reports/{id}/events: `snapshot` (the whole report, as GET /api/ideas/reports/{id})
 * first and after every stage change, `delta` with the text a step streams.
 */
export interface ReportStreamEvents {
  snapshot: Schema<'IdeaReport'>;
  delta: { type: 'delta'; step: string; text: string };
}

/**
 * GET /api/content/{id}/events: `snapshot` (the whole content task, as GET /api/content/{id}) first
 * and after every result change, `delta` with the text a result streams (`itemId`: its textId).
 */
export interface ContentStreamEvents {
  snapshot: Schema<'ContentTask'>;
  delta: { type: 'delta'; itemId: number; text: string };
}

/** A tool call of an answer being written: `index` in the answer's list, `running` until it is `done`. */
export type AgentRunningTool = Schema<'AgentToolCall'> & { status: 'running' | 'done'; index: number };

/** POST /api/agent/conversations/{conversationId}/messages: the streamed answer to a question. */
export interface AgentAnswerEvents {
  /** The stored question and the answer being written. */
  start: { question: Schema<'AgentMessage'>; answer: Schema<'AgentMessage'> };
  tool: AgentRunningTool;
  delta: { text: string };
  /** The answer's text begins anew (the model's answer was started again): what was shown goes. */
  restart: Record<string, never>;
  /** The stored answer: done, stopped or failed with its error. */
  done: Schema<'AgentMessage'>;
}

/** One event of a stream as an argument list, its name and its data together (`if (event === 'x')` narrows data). */
export type StreamEventArgs<E> = { [K in keyof E & string]: [event: K, data: E[K]] }[keyof E & string];
