import { describe, expect, it } from 'vitest';
import { EventStreamRefused, readEventStream } from './eventStream.ts';

/** An event-stream answer whose body arrives in these chunks, then ends (or fails). */
const streamOf = (list: string[], fail = false) => {
  const chunks = [...list];
  return new Response(
    new ReadableStream<Uint8Array>({
      // One chunk a read: a failure comes after the chunks were read, as a dropped connection does.
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk !== undefined) controller.enqueue(new TextEncoder().encode(chunk));
        else if (fail) controller.error(new TypeError('network'));
        else controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
};

describe('event stream reader', () => {
  it('reads named events split across chunks, skips comments, joins multi-line data', async () => {
    const events: [string, unknown][] = [];
    const outcome = await readEventStream({
      open: async () =>
        streamOf([
          'event: progress\nda',
          'ta: {"progress":40}\n\n: keep-alive\n\nevent: status\r\ndata: {"status":\r\ndata: "completed"}\r\n\r\n',
          'data: {"a":1}\n\n',
        ]),
      onEvent: (name, data) => events.push([name, data]),
    });
    expect(outcome).toBe('closed');
    expect(events).toEqual([
      ['progress', { progress: 40 }],
      ['status', { status: 'completed' }],
      ['message', { a: 1 }],
    ]);
    // Not an event stream: the caller's refusal, or EventStreamRefused.
    const refused = readEventStream({ open: async () => new Response('{}', { status: 402 }), onEvent: () => {} });
    await expect(refused).rejects.toBeInstanceOf(EventStreamRefused);
  });

  it('resumes after a drop with Last-Event-ID and stops at the last event', async () => {
    const sent: (string | undefined)[] = [];
    const events: string[] = [];
    const outcome = await readEventStream({
      open: async (headers) => {
        sent.push(headers['Last-Event-ID']);
        return sent.length === 1
          ? streamOf(['id: 1\nevent: delta\ndata: {"text":"a"}\n\n'], true)
          : streamOf(['id: 2\nevent: status\ndata: {"status":"completed"}\n\n', 'event: never\ndata: {}\n\n']);
      },
      onEvent: (name) => events.push(name),
      isLast: (name) => name === 'status',
      resume: { backoffMs: () => 0 },
    });
    expect(outcome).toBe('ended');
    expect(sent).toEqual([undefined, '1']);
    expect(events).toEqual(['delta', 'status']);
  });
});
