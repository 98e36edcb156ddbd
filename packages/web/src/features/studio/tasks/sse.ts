import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
  /** The event's id, when the server gave one (send it back as Last-Event-ID to resume). */
  id?: string;
}

/**
 * Incremental reader of a text/event-stream for streams read with fetch (EventSource cannot send
 * the Authorization header). The framing is eventsource-parser's (the WHATWG rules: `event:`,
 * `data:`, `id:` lines, a blank line ends an event, `:` comments ignored); this only collects the
 * events of each chunk. Task events use core's `followTaskEvents`, which also resumes.
 */
export class SseParser {
  private pending: SseEvent[] = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: (message) => {
      this.pending.push({ event: message.event ?? 'message', data: message.data, ...(message.id ? { id: message.id } : {}) });
    },
  });

  feed(chunk: string): SseEvent[] {
    this.parser.feed(chunk);
    const out = this.pending;
    this.pending = [];
    return out;
  }
}
