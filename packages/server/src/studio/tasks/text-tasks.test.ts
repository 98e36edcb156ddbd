import type { AddressInfo } from 'node:net';
import { applyTaskEvent, followTaskEvents, type TaskEventTarget } from '@productimage/core';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { balance, ledgerOf, secondContext, waitForTask } from './test-support.ts';
import { createGate, ECHO_COST, ECHO_TYPE, registerEchoEngine } from './text-engine.test-support.ts';

const gate = createGate();
registerEchoEngine(gate);

const WORDS = ['Fresh', 'linen', 'for', 'warm', 'summer', 'nights'];
const FULL = WORDS.join(' ');

interface Received {
  id: string | undefined;
  event: string;
  data: any;
}

/**
 * Reads a task's event stream over real HTTP with eventsource-parser; `until` may end the connection
 * early (the client goes away), else it reads to the end of the stream.
 */
async function readStream(
  url: string,
  headers: Record<string, string>,
  until: (events: Received[]) => boolean = () => false,
): Promise<Received[]> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: Received[] = [];
  let stop = false;
  const parser = createParser({
    onEvent(message) {
      if (stop) return;
      events.push({ id: message.id, event: message.event ?? 'message', data: JSON.parse(message.data) });
      if (until(events)) stop = true;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  while (!stop) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return events;
}

/**
 * The text of one or more connections (the `task` snapshot, then `text` and `delta` events), checked
 * to follow each other with no gap and no overlap.
 */
function joinDeltas(events: Received[], check = true): string {
  let text = '';
  for (const e of events) {
    if (e.event === 'task') text = e.data.text ?? '';
    if (e.event === 'text') text = e.data.text;
    if (e.event !== 'delta') continue;
    if (check) expect(e.data.offset).toBe(text.length);
    text += e.data.text;
  }
  return text;
}

describeSqlite('text tasks', (kind) => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await createHarness(kind, { ENGINES: 'local,test-echo' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => h.close());
  beforeEach(() => gate.reset());

  const create = (auth: { authorization: string }, params: Record<string, unknown>) =>
    h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { bizType: ECHO_TYPE, params },
    });
  const eventsUrl = (taskId: string) => `${base}/api/tasks/${taskId}/events`;

  it('a text task is charged when accepted, streams its text as deltas and completes with text and JSON data', async () => {
    const u = await h.user();
    const created = await create(u.auth, { words: WORDS });
    expect(created.data).toMatchObject({ status: 'pending', cost: ECHO_COST });
    expect(await balance(h, u.auth)).toBe(500 - ECHO_COST);
    await gate.reached(0);
    let released = false;
    const events = await readStream(eventsUrl(created.data.taskId), u.auth, () => {
      // Everything is released only once the stream is open, so the text arrives as deltas.
      if (!released) {
        released = true;
        gate.release();
      }
      return false;
    });
    expect(events[0]!.event).toBe('task');
    expect(events[0]!.data).toMatchObject({ output: 'text', text: '', status: 'generating' });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(joinDeltas(events)).toBe(FULL);
    expect(events.find((e) => e.event === 'outputs')!.data).toEqual({ outputs: [], data: { words: WORDS.length } });
    expect(events.at(-1)).toMatchObject({ event: 'status', data: { status: 'completed', progress: 100 } });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const view = await h.call({ method: 'GET', url: `/api/tasks/${created.data.taskId}`, headers: u.auth });
    expect(view.data).toMatchObject({ status: 'completed', output: 'text', text: FULL, data: { words: 6 }, outputs: [] });
    const history = await h.call({ method: 'GET', url: `/api/tasks?bizType=${ECHO_TYPE}`, headers: u.auth });
    expect(history.data.list.map((t: { taskId: string }) => t.taskId)).toEqual([created.data.taskId]);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -ECHO_COST }]);
  });

  it('a reconnect with Last-Event-ID is sent exactly what it missed: no text lost, none repeated', async () => {
    const u = await h.user();
    const created = await create(u.auth, { words: WORDS });
    const url = eventsUrl(created.data.taskId);
    gate.release(2);
    const first = await readStream(url, u.auth, (seen) => joinDeltas(seen, false) === 'Fresh linen');
    expect(joinDeltas(first)).toBe('Fresh linen');
    // While the client is away the engine streams two more words.
    gate.release(2);
    await gate.reached(4);
    await waitForTask(h, u.auth, created.data.taskId, (t) => t.text === 'Fresh linen for warm');
    let released = false;
    const second = await readStream(url, { ...u.auth, 'last-event-id': first.at(-1)!.id! }, () => {
      if (!released) {
        released = true;
        gate.release();
      }
      return false;
    });
    expect(second[0]!.event).not.toBe('task');
    expect(second[0]).toMatchObject({ event: 'delta', data: { offset: 'Fresh linen'.length, text: ' for warm' } });
    const all = [...first, ...second];
    expect(joinDeltas(all)).toBe(FULL);
    const progress = all.filter((e) => e.event === 'progress').map((e) => e.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(second.at(-1)).toMatchObject({ event: 'status', data: { status: 'completed' } });
  });

  it('the shared watcher reconnects on its own after a dropped connection and ends with the whole text', async () => {
    const u = await h.user();
    const created = await create(u.auth, { words: WORDS });
    gate.release(3);
    await gate.reached(3);
    let connections = 0;
    // The first connection is cut after two events, as a proxy or a flaky network would.
    const cutting: typeof fetch = async (input, init) => {
      connections++;
      const response = await fetch(input, init);
      if (connections > 1) return response;
      const reader = response.body!.getReader();
      let chunks = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          // One chunk (the `task` event) gets through, then the connection drops.
          const { value, done } = chunks++ ? { value: undefined, done: true } : await reader.read();
          if (done || !value) {
            controller.close();
            void reader.cancel();
            // The rest of the text happens while the client is away.
            gate.release();
            return;
          }
          controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    let task: TaskEventTarget = { taskId: created.data.taskId, status: 'pending', progress: 0, text: null };
    const outcome = await followTaskEvents({
      url: eventsUrl(created.data.taskId),
      headers: () => u.auth,
      signal: new AbortController().signal,
      fetch: cutting,
      backoffMs: () => 0,
      onEvent(event, data) {
        const next = applyTaskEvent(task, event, data);
        expect(next).not.toBeNull();
        task = next!;
      },
    });
    expect(outcome).toBe('ended');
    expect(connections).toBe(2);
    expect(task).toMatchObject({ status: 'completed', text: FULL, progress: 100 });
  });

  it('stop mid-stream refunds once and keeps the text so far; a result that does not fit fails with a refund', async () => {
    const u = await h.user();
    const created = await create(u.auth, { words: WORDS });
    gate.release(2);
    await gate.reached(2);
    await waitForTask(h, u.auth, created.data.taskId, (t) => t.text === 'Fresh linen');
    const stop = await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(stop.data).toMatchObject({ status: 'stopped', text: 'Fresh linen' });
    const again = await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(again.status).toBe(409);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -ECHO_COST },
      { reason: 'refund', delta: ECHO_COST },
    ]);

    gate.release();
    const bad = await create(u.auth, { words: ['one'], badData: true });
    const failed = await waitForTask(h, u.auth, bad.data.taskId);
    expect(failed).toMatchObject({ status: 'failed', error: 'Text generation failed, coins refunded' });
    expect(await ledgerOf(h.ctx, bad.data.taskId)).toEqual([
      { reason: 'spend', delta: -ECHO_COST },
      { reason: 'refund', delta: ECHO_COST },
    ]);
    expect(await balance(h, u.auth)).toBe(500);
  });

  it('refuses unknown business types and bad params before charging', async () => {
    const u = await h.user();
    const unknown = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, 'accept-language': 'en' },
      payload: { bizType: 'NO_SUCH_TYPE', params: {} },
    });
    expect([unknown.status, unknown.msg]).toEqual([400, 'This tool is not available']);
    expect((await create(u.auth, { words: [] })).status).toBe(400);
    expect(await balance(h, u.auth)).toBe(500);
  });
});

describeSqlite('text tasks across worker restarts', (kind) => {
  let api: Harness;
  beforeAll(async () => {
    api = await createHarness(kind, { ENGINES: 'local,test-echo', API_WORKERS: 'false' });
  });
  afterAll(() => api.close());
  beforeEach(() => gate.reset());

  it('a task whose worker shut down mid-stream runs again from the start; the event stream replaces, not doubles, the text', async () => {
    const u = await api.user();
    const created = await api.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: ECHO_TYPE, params: { words: WORDS } },
    });
    const taskId = created.data.taskId as string;
    let worker: AppContext = await secondContext(api, { API_WORKERS: true });
    await worker.tasks.startWorkers(worker);
    gate.release(2);
    await gate.reached(2);
    await waitForTask(api, u.auth, taskId, (t) => t.text === 'Fresh linen');
    // The stream's client has the first two words; then the worker goes away.
    const stream = api.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/events`, headers: u.auth });
    await worker.close();
    expect(await waitForTask(api, u.auth, taskId, () => true)).toMatchObject({ status: 'pending', text: '' });
    gate.reset();
    gate.release();
    worker = await secondContext(api, { API_WORKERS: true });
    try {
      await worker.tasks.startWorkers(worker);
      const body = (await stream).body;
      let task: TaskEventTarget = { taskId, status: 'pending', progress: 0, text: null };
      for (const m of body.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)) {
        const next = applyTaskEvent(task, m[1]!, JSON.parse(m[2]!));
        expect(next).not.toBeNull();
        task = next!;
      }
      expect(task).toMatchObject({ status: 'completed', text: FULL });
      expect(await ledgerOf(api.ctx, taskId)).toEqual([{ reason: 'spend', delta: -ECHO_COST }]);
    } finally {
      await worker.close();
    }
  });
});
