import { EventEmitter } from 'node:events';

/**
 * An event hub for the marketing streams of this process (`/api/ideas/reports/:id/events` and
 * `/api/content/:id/events`), fed from the task events of the reports' and results' text tasks.
 * The database is the truth; the streams are the fast path, and a page that reconnects (or talks
 * to another process) re-reads it.
 */
export interface LiveEvent {
  /** `stage`, `delta` (streamed text of a step or item), `restart` (a step's text begins anew), `item`, `end`. */
  type: 'stage' | 'delta' | 'restart' | 'item' | 'end';
  [key: string]: unknown;
}

const hub = new EventEmitter();
hub.setMaxListeners(0);

export function publish(key: string, event: LiveEvent): void {
  hub.emit(key, event);
}

export function subscribe(key: string, fn: (event: LiveEvent) => void): () => void {
  hub.on(key, fn);
  return () => hub.off(key, fn);
}
