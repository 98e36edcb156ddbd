import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.ts';

describe('server-sent events parser', () => {
  it('reads named events split across chunks', () => {
    const parser = new SseParser();
    expect(parser.feed('event: progress\nda')).toEqual([]);
    expect(parser.feed('ta: {"progress":40}\n\n: keep-alive\n\nevent: status\r\ndata: {"status":"completed"}\r\n\r\n')).toEqual([
      { event: 'progress', data: '{"progress":40}' },
      { event: 'status', data: '{"status":"completed"}' },
    ]);
  });

  it('joins multi-line data and defaults the event name to message', () => {
    const parser = new SseParser();
    expect(parser.feed('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
