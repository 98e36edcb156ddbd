import type { EmbedEventMap, EmbedEventType } from '@productimage/core/embed/protocol';
import { embedContext } from './embedContext.ts';

type Send = <K extends EmbedEventType>(type: K, data: EmbedEventMap[K]) => Promise<void>;

let sender: Send | null = null;
const waiting: Array<() => void> = [];

/**
 * Tells the host page something; a no-op outside an SDK frame. Kept apart from the connection (and
 * its RPC library) so any feature can report without loading it. Events raised before the
 * handshake wait for it; delivery failures are logged, never thrown.
 */
export function emitToHost<K extends EmbedEventType>(type: K, data: EmbedEventMap[K]): Promise<void> {
  if (!embedContext) return Promise.resolve();
  const sent = sender
    ? sender(type, data)
    : new Promise<void>((resolve, reject) => waiting.push(() => (sender as Send)(type, data).then(resolve, reject)));
  return sent.catch((error: Error) => console.warn(`embed: could not tell the host "${type}"`, error.message));
}

/** Called once the host connection is up: from now on events go straight out. */
export function attachSender(send: Send) {
  sender = send;
  for (const flush of waiting.splice(0)) flush();
}
