import { EventEmitter } from 'node:events';

/**
 * Live state of the marketing generations running in this process: their abort controllers (stop)
 * and an event hub for the streamed text (server-sent events). The database is the truth; the
 * streams are the fast path, and a page that reconnects (or talks to another process) re-reads it.
 */
export interface LiveEvent {
  /** `stage`, `delta` (streamed text of a step or item), `restart` (a step's text begins anew), `item`, `end`. */
  type: 'stage' | 'delta' | 'restart' | 'item' | 'end';
  [key: string]: unknown;
}

const hub = new EventEmitter();
hub.setMaxListeners(0);
const running = new Map<string, AbortController>();

export function publish(key: string, event: LiveEvent): void {
  hub.emit(key, event);
}

export function subscribe(key: string, fn: (event: LiveEvent) => void): () => void {
  hub.on(key, fn);
  return () => hub.off(key, fn);
}

/** Registers a run; the controller aborts it on stop. */
export function startRun(key: string): AbortController {
  const controller = new AbortController();
  running.set(key, controller);
  return controller;
}

export function endRun(key: string): void {
  running.delete(key);
}

export function abortRun(key: string, reason: Error): void {
  running.get(key)?.abort(reason);
}

/** Why a run was aborted by its user (not a failure: no error is recorded). */
export class StoppedByUser extends Error {}
