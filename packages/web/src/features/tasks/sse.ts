/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental parser of a text/event-stream (the WHATWG format: `event:`, `data:` lines, blank line
 * ends an event, `:` comments ignored). We read the stream with fetch rather than EventSource because
 * EventSource cannot send the Authorization header.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      const eolLength = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + eolLength);
      if (line === '') {
        if (this.data.length) out.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') this.event = value;
        else if (field === 'data') this.data.push(value);
      }
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return out;
  }
}
