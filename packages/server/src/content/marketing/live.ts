import { EventEmitter } from 'node:events';
import type { ContentStreamEvents, ReportStreamEvents } from '@productimage/core';

/**
 * An event hub for the marketing streams of this process (`/api/ideas/reports/:id/events` and
 * `/api/content/:id/events`), fed from the task events of the reports' and results' text tasks.
 * The database is the truth; the streams are the fast path, and a page that reconnects (or talks
 * to another process) re-reads it.
 */
export type MarketingStreamEvents = ReportStreamEvents | ContentStreamEvents;

/** A stream's key (`report:<id>`, `content:<id>`), typed by the events of its route (core api/streams.ts). */
export type LiveKey<E extends MarketingStreamEvents> = string & { readonly __events?: E };

/**
 * `stage` (a report's stage changed) and `item` (a result changed): the stream reads the view
 * again and sends it as `snapshot`; `delta` (streamed text of a step or result) goes out as it is.
 */
export type LiveEvent<E extends MarketingStreamEvents> = { type: 'stage' } | { type: 'item'; itemId?: number } | E['delta'];

const hub = new EventEmitter();
hub.setMaxListeners(0);

export function publish<E extends MarketingStreamEvents>(key: LiveKey<E>, event: LiveEvent<E>): void {
  hub.emit(key, event);
}

export function subscribe<E extends MarketingStreamEvents>(key: LiveKey<E>, fn: (event: LiveEvent<E>) => void): () => void {
  hub.on(key, fn);
  return () => hub.off(key, fn);
}
