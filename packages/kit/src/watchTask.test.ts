import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type TaskView } from '@productimage/core';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTask } from './watchTask.ts';

const TASK = 'T1';

const view = (status: TaskView['status'], extra: Partial<TaskView> = {}): TaskView =>
  ({
    taskId: TASK,
    bizType: 'MATTING_IMAGE',
    status,
    progress: status === 'completed' ? 100 : 40,
    outputs: status === 'completed' ? [{ url: '/files/outputs/a.png', type: 'image' }] : [],
    cost: 5,
    error: null,
    params: {},
    inputs: [],
    createdAt: 1,
    updatedAt: 1,
    output: 'file',
    text: null,
    data: null,
    ...extra,
  }) as TaskView;

/**
 * A stand-in for the server's two task routes, speaking their protocol: GET /api/tasks/:id answers
 * the envelope of `reads()`; GET /api/tasks/:id/events answers `events` (an event stream that stays
 * open, as the server's does until the task ends) or a refusal.
 */
async function fakeServer(options: { reads: () => Promise<TaskView>; events: 'silent' | 'refused' }) {
  const streams = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (req.url === `/api/tasks/${TASK}/events`) {
      if (options.events === 'refused') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":503,"data":null,"msg":"busy"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The task as it was, then nothing: its final status is lost.
      res.write(`id: 1.0.40.2\nevent: task\ndata: ${JSON.stringify(view('generating'))}\n\n`);
      streams.add(res);
      res.on('close', () => streams.delete(res));
      return;
    }
    void options
      .reads()
      .then((task) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, data: task, msg: 'ok' })),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return {
    api,
    openStreams: () => streams.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('watchTask', () => {
  let server: Awaited<ReturnType<typeof fakeServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('ends with the final status read beside the events when the stream never says it, and leaves the stream', async () => {
    let reads = 0;
    server = await fakeServer({
      events: 'silent',
      reads: async () => (++reads < 3 ? view('generating') : view('completed')),
    });
    const updates: string[] = [];
    const final = await watchTask(server.api, TASK, (task) => updates.push(task.status), new AbortController().signal, {
      language: () => 'en',
      pollMs: 20,
    });
    expect(final).toMatchObject({ status: 'completed', outputs: [{ url: '/files/outputs/a.png', type: 'image' }] });
    expect(updates).toEqual(['generating', 'completed']);
    await expect.poll(() => server!.openStreams()).toBe(0);
  });

  it('reports nothing after it was aborted: a read that lands late does not overwrite a newer view', async () => {
    const waiting: Array<(task: TaskView) => void> = [];
    let asked!: () => void;
    const reading = new Promise<void>((resolve) => {
      asked = resolve;
    });
    server = await fakeServer({
      events: 'refused',
      reads: () =>
        new Promise<TaskView>((resolve) => {
          waiting.push(resolve);
          asked();
        }),
    });
    const answer = (task: TaskView) => {
      for (const resolve of waiting.splice(0)) resolve(task);
    };
    const updates: string[] = [];
    const controller = new AbortController();
    const watching = watchTask(server.api, TASK, (task) => updates.push(task.status), controller.signal, {
      language: () => 'en',
      initial: view('pending'),
      pollMs: 20,
    });
    // Polling (no events); the read is on its way when the page moves on.
    await reading;
    controller.abort();
    answer(view('generating'));
    expect(await watching).toMatchObject({ status: 'pending' });
    expect(updates).toEqual([]);
  });
});
