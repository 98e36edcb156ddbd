import { once } from 'node:events';
import fastifySseModule, { type fastifySSE } from '@fastify/sse';
import { createParser } from 'eventsource-parser';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sseSender } from './sse.ts';

const fastifySse = fastifySseModule as unknown as typeof fastifySSE;

/** A signal a test fires when it wants a step of the route to go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** What one stream's route saw: `gone` calls and how it ended. */
interface Seen {
  gone: number;
  ended: Promise<void>;
}

/**
 * A real server (sockets, @fastify/sse as the app registers it) with one stream route written by
 * `route`, so a test can close the client at any step, before the answer has started too.
 */
async function serve(route: (reply: FastifyReply, seen: Seen) => Promise<void>) {
  const app = Fastify();
  await app.register(fastifySse, { heartbeatInterval: 15_000 });
  let seen!: Seen;
  let ended!: () => void;
  app.get('/stream', { sse: 'only' }, async (_request, reply) => {
    seen = { gone: 0, ended: new Promise<void>((resolve) => (ended = resolve)) };
    try {
      await route(reply, seen);
    } finally {
      ended();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/stream`;
  return { app, url, seen: () => seen };
}

/** Reads a stream to its end (or until `stopAfter` events), as core's reader frames it. */
async function read(url: string, stopAfter = Number.POSITIVE_INFINITY, signal?: AbortSignal) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal });
  const events: { event: string; id?: string; data: unknown }[] = [];
  const parser = createParser({
    onEvent: (m) => void events.push({ event: m.event ?? 'message', ...(m.id ? { id: m.id } : {}), data: JSON.parse(m.data) }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  while (events.length < stopAfter) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  await reader.cancel().catch(() => undefined);
  return events;
}

describe('the server-sent events sender', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('sends a stream whose first event comes late (the answer not started yet) to its last event', async () => {
    // The task stream's case: nothing is written while the task waits in the queue, and the final
    // status comes after; a reader that stays must get every event, and nothing counts as gone.
    const later = gate();
    const server = await serve(async (reply, seen) => {
      const out = sseSender(reply, { onGone: () => seen.gone++ });
      await later.opened;
      out.send({ event: 'progress', id: '1', data: { progress: 50 } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      out.send({ event: 'status', id: '2', data: { status: 'completed' } });
      await out.flushed();
      const closed = once(reply.raw, 'close');
      reply.sse.close();
      await closed;
    });
    app = server.app;
    const reading = read(server.url);
    setTimeout(later.open, 200);
    expect(await reading).toEqual([
      { event: 'progress', id: '1', data: { progress: 50 } },
      { event: 'status', id: '2', data: { status: 'completed' } },
    ]);
    await server.seen().ended;
    expect(server.seen().gone).toBe(0);
  });

  it('keeps the queued order while each event is prepared, however long preparing takes', async () => {
    const server = await serve(async (reply) => {
      const waits = [80, 0, 30];
      const out = sseSender(reply, {
        prepare: async (data) => {
          await new Promise((resolve) => setTimeout(resolve, waits.shift()));
          return { signed: data };
        },
      });
      for (const n of [1, 2, 3]) out.send({ event: 'n', data: n });
      await out.flushed();
    });
    app = server.app;
    expect((await read(server.url)).map((e) => e.data)).toEqual([{ signed: 1 }, { signed: 2 }, { signed: 3 }]);
  });

  it('says gone once when the reader leaves before the first event, and drops what comes after', async () => {
    const left = gate();
    const server = await serve(async (reply, seen) => {
      const gone = gate();
      const out = sseSender(reply, {
        onGone: () => {
          seen.gone++;
          gone.open();
        },
      });
      left.open();
      await gone.opened;
      expect(out.gone).toBe(true);
      out.send({ event: 'late', data: 1 });
      await out.flushed();
    });
    app = server.app;
    const controller = new AbortController();
    const reading = read(server.url, 1, controller.signal).catch((error: Error) => error.name);
    await left.opened;
    controller.abort();
    expect(await reading).toBe('AbortError');
    await server.seen().ended;
    expect(server.seen().gone).toBe(1);
  });

  it('says gone when the reader leaves in the middle of a stream, and not when the route ends it', async () => {
    const server = await serve(async (reply, seen) => {
      const gone = gate();
      const out = sseSender(reply, {
        onGone: () => {
          seen.gone++;
          gone.open();
        },
      });
      out.send({ event: 'first', data: 1 });
      await gone.opened;
    });
    app = server.app;
    expect(await read(server.url, 1)).toEqual([{ event: 'first', data: 1 }]);
    await server.seen().ended;
    expect(server.seen().gone).toBe(1);

    // A route that ends its own stream: the answer's close is no reader leaving.
    const ending = await serve(async (reply, seen) => {
      const out = sseSender(reply, { onGone: () => seen.gone++ });
      out.send({ event: 'only', data: 1 });
      await out.flushed();
      const closed = once(reply.raw, 'close');
      reply.sse.close();
      await closed;
    });
    await app.close();
    app = ending.app;
    expect(await read(ending.url)).toEqual([{ event: 'only', data: 1 }]);
    await ending.seen().ended;
    expect(ending.seen().gone).toBe(0);
  });
});
