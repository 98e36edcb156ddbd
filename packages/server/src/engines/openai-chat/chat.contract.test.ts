import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatEngineError, createChatEngine } from './chat.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm.test-support.ts';

// Contract of openai-chat against a local server speaking the chat-completions streaming protocol.
describe('openai-chat contract', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ splitBytes: 5, charsPerChunk: 2 });
  });
  afterAll(() => llm.close());
  beforeEach(() => {
    llm.requests.length = 0;
  });
  const engine = () => createChatEngine({ baseUrl: llm.url, apiKey: 'k', model: 'm1', timeoutMs: 5000, maxRetries: 2 });

  it('streams chunks split at odd byte boundaries into the whole text, with usage from the last chunk', async () => {
    const text = '春节营销：红包雨🧧来啦！Spring sale.';
    llm.queue({ kind: 'answer', text });
    const deltas: string[] = [];
    const result = await engine().chat({ messages: [{ role: 'user', content: 'hi' }], onDelta: (d) => deltas.push(d) });
    expect(result.text).toBe(text);
    expect(deltas.join('')).toBe(text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(result.usage?.completionTokens).toBe([...text].length);
    expect(result.usage?.totalTokens).toBeGreaterThan(result.usage?.completionTokens ?? 0);
    const sent = llm.requests[0]!;
    expect(sent.body.stream).toBe(true);
    expect(sent.body.stream_options).toEqual({ include_usage: true });
    expect(sent.body.model).toBe('m1');
    expect(sent.headers.authorization).toBe('Bearer k');
  });

  it('retries a 429 after its retry-after and a 500, then answers', async () => {
    llm.queue({ kind: 'error', status: 429, retryAfter: 0 }, { kind: 'error', status: 500 }, { kind: 'answer', text: 'ok' });
    const result = await engine().chat({ messages: [{ role: 'user', content: 'x' }] });
    expect(result.text).toBe('ok');
    expect(llm.requests).toHaveLength(3);
  });

  it('gives up after the retries with a rate-limit error', async () => {
    const e = createChatEngine({ baseUrl: llm.url, model: 'm', maxRetries: 1 });
    llm.queue({ kind: 'error', status: 429, retryAfter: 0 }, { kind: 'error', status: 429, retryAfter: 0 });
    const err = await e.chat({ messages: [{ role: 'user', content: 'x' }] }).catch((x) => x);
    expect(err).toBeInstanceOf(ChatEngineError);
    expect(err.key).toBe('llmRateLimited');
    expect(llm.requests).toHaveLength(2);
  });

  it('maps a refused key to llmAuthFailed without retrying', async () => {
    llm.queue({ kind: 'error', status: 401 });
    const err = await engine()
      .chat({ messages: [{ role: 'user', content: 'x' }] })
      .catch((x) => x);
    expect(err.key).toBe('llmAuthFailed');
    expect(llm.requests).toHaveLength(1);
  });

  it('reports a stream cut in the middle as llmStreamCut', async () => {
    llm.queue({ kind: 'cut' });
    const err = await engine()
      .chat({ messages: [{ role: 'user', content: 'a fairly long answer to cut in half' }] })
      .catch((x) => x);
    expect(err).toBeInstanceOf(ChatEngineError);
    expect(err.key).toBe('llmStreamCut');
  });

  it('reports a stream that closes without finish_reason and [DONE] as llmStreamCut', async () => {
    llm.queue({ kind: 'truncated' });
    const err = await engine()
      .chat({ messages: [{ role: 'user', content: 'some words' }] })
      .catch((x) => x);
    expect(err.key).toBe('llmStreamCut');
  });

  const ideaSchema = z.object({ ideas: z.array(z.object({ title: z.string(), content: z.string() })).min(1) });

  it('asks for a JSON schema answer and parses one wrapped in a code fence', async () => {
    llm.queue({ kind: 'answer', text: 'Here you go:\n```json\n{"ideas":[{"title":"T","content":"C",}]}\n```' });
    const result = await engine().chat({
      messages: [{ role: 'user', content: 'x' }],
      json: { name: 'ideas', schema: ideaSchema },
    });
    expect(result.json).toEqual({ ideas: [{ title: 'T', content: 'C' }] });
    const format = llm.requests[0]!.body.response_format as { type: string; json_schema: { name: string; schema: unknown } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('ideas');
  });

  it('repairs a non-JSON answer to a JSON request with one retry that shows the model its answer', async () => {
    llm.queue(
      { kind: 'answer', text: 'Sorry, here are ideas: one, two.' },
      { kind: 'answer', text: '{"ideas":[{"title":"A","content":"B"}]}' },
    );
    const restarts: boolean[] = [];
    const result = await engine().chat({
      messages: [{ role: 'user', content: 'x' }],
      json: { name: 'ideas', schema: ideaSchema },
      onDelta: (_d, restart) => restart && restarts.push(true),
    });
    expect(result.json).toEqual({ ideas: [{ title: 'A', content: 'B' }] });
    expect(restarts).toEqual([true]);
    const repair = llm.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'Sorry, here are ideas: one, two.' });
    expect(repair.at(-1)?.content).toMatch(/could not be used/);
    // Usage of both requests is counted.
    expect(result.usage?.completionTokens).toBe(
      [...'Sorry, here are ideas: one, two.'].length + [...'{"ideas":[{"title":"A","content":"B"}]}'].length,
    );
  });

  it('fails with llmBadAnswer when the repair is not JSON either', async () => {
    llm.queue({ kind: 'answer', text: 'no' }, { kind: 'answer', text: 'still no' });
    const err = await engine()
      .chat({ messages: [{ role: 'user', content: 'x' }], json: { name: 'ideas', schema: ideaSchema } })
      .catch((x) => x);
    expect(err.key).toBe('llmBadAnswer');
    expect(llm.requests).toHaveLength(2);
  });

  it('falls back to json_object when the provider rejects json_schema', async () => {
    llm.queue(
      { kind: 'error', status: 400, message: 'response_format json_schema unsupported' },
      { kind: 'answer', text: '{"ideas":[{"title":"A","content":"B"}]}' },
    );
    const result = await engine().chat({
      messages: [{ role: 'user', content: 'x' }],
      json: { name: 'ideas', schema: ideaSchema },
    });
    expect(result.json).toEqual({ ideas: [{ title: 'A', content: 'B' }] });
    expect((llm.requests[1]!.body.response_format as { type: string }).type).toBe('json_object');
  });

  it('stops when the signal is aborted and throws its reason', async () => {
    const slow = await startFakeLlm({ chunkDelayMs: 50 });
    try {
      const controller = new AbortController();
      const e = createChatEngine({ baseUrl: slow.url, model: 'm' });
      const reason = new Error('user stopped');
      const pending = e.chat({
        messages: [{ role: 'user', content: 'a long answer that streams slowly, piece by piece' }],
        signal: controller.signal,
        onDelta: () => controller.abort(reason),
      });
      await expect(pending).rejects.toBe(reason);
    } finally {
      await slow.close();
    }
  });

  it('gives up with llmTimeout when no token arrives in time', async () => {
    const silent = await startFakeLlm({ firstTokenMs: 1500 });
    try {
      const e = createChatEngine({ baseUrl: silent.url, model: 'm', timeoutMs: 200, maxRetries: 0 });
      const err = await e.chat({ messages: [{ role: 'user', content: 'x' }] }).catch((x) => x);
      expect(err.key).toBe('llmTimeout');
    } finally {
      await silent.close();
    }
  });

  it('reports an unreachable server as llmUnreachable', async () => {
    const e = createChatEngine({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', maxRetries: 0 });
    const err = await e.chat({ messages: [{ role: 'user', content: 'x' }] }).catch((x) => x);
    expect(err.key).toBe('llmUnreachable');
  });
});
