import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A TEST DOUBLE of an OpenAI-compatible chat-completions server, for contract tests, browser tests
 * and the bench only (the real providers cannot be reached from here). It follows the documented
 * protocol of `POST {base}/chat/completions`:
 * - `stream: true`: `text/event-stream` frames `data: {chat.completion.chunk}\n\n`, the first delta
 *   carrying `role: "assistant"`, the last content chunk carrying `finish_reason`, then with
 *   `stream_options.include_usage` one chunk with `choices: []` and `usage`, then `data: [DONE]`.
 * - otherwise one `chat.completion` object with `usage`.
 * - errors as `{ error: { message, type, code } }` with the HTTP status (429 with `retry-after`).
 * The bytes of a stream are written in pieces of `splitBytes`, so frames (and UTF-8 characters)
 * arrive split at odd boundaries, as they do through proxies.
 */
export type FakeBehaviour =
  | { kind: 'answer'; text?: string }
  | { kind: 'error'; status: number; retryAfter?: number; message?: string }
  /** Sends part of the answer, then destroys the connection. */
  | { kind: 'cut' }
  /** Sends the answer without finish_reason and [DONE] and closes cleanly. */
  | { kind: 'truncated' };

export interface FakeRequest {
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeLlmOptions {
  /** The answer text for a request (default: echoes the last user message). */
  respond?: (body: Record<string, unknown>) => string;
  /** Milliseconds before the first chunk (fixed latency for the bench). */
  firstTokenMs?: number;
  /** Milliseconds between chunks. */
  chunkDelayMs?: number;
  /** Characters of content per chunk. */
  charsPerChunk?: number;
  /** Bytes per socket write (odd boundaries). */
  splitBytes?: number;
}

export interface FakeLlm {
  url: string;
  /** Requests received, oldest first. */
  requests: FakeRequest[];
  /** Behaviours for the next requests, used one per request; then answers normally. */
  queue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages as Array<{ role: string; content: string }>) ?? [];
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const requests: FakeRequest[] = [];
  const pending: FakeBehaviour[] = [];
  const respond = options.respond ?? lastUserText;
  const splitBytes = options.splitBytes ?? 7;
  const charsPerChunk = options.charsPerChunk ?? 3;
  let counter = 0;

  async function writeSplit(res: http.ServerResponse, data: Buffer) {
    for (let i = 0; i < data.length; i += splitBytes) {
      if (res.destroyed) return;
      res.write(data.subarray(i, i + splitBytes));
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error', code: null } }));
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'invalid JSON body', type: 'invalid_request_error', code: null } }));
        return;
      }
      requests.push({ body, headers: req.headers });
      const behaviour = pending.shift() ?? { kind: 'answer' };
      if (behaviour.kind === 'error') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (behaviour.retryAfter !== undefined) headers['retry-after'] = String(behaviour.retryAfter);
        res.writeHead(behaviour.status, headers);
        res.end(
          JSON.stringify({
            error: {
              message: behaviour.message ?? `fake error ${behaviour.status}`,
              type: behaviour.status === 429 ? 'rate_limit_exceeded' : 'server_error',
              code: null,
            },
          }),
        );
        return;
      }
      const text = (behaviour.kind === 'answer' ? behaviour.text : undefined) ?? respond(body);
      const id = `chatcmpl-fake-${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      const model = String(body.model ?? 'fake');
      const promptTokens = JSON.stringify(body.messages ?? []).length;
      const completionTokens = [...text].length;
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      if (options.firstTokenMs) await sleep(options.firstTokenMs);
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage,
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const frame = (payload: unknown) => Buffer.from(`data: ${JSON.stringify(payload)}\n\n`, 'utf8');
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        frame({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] });
      const chars = [...text];
      const pieces: string[] = [];
      for (let i = 0; i < chars.length; i += charsPerChunk) pieces.push(chars.slice(i, i + charsPerChunk).join(''));
      const cutAt = behaviour.kind === 'cut' ? Math.max(1, Math.floor(pieces.length / 2)) : pieces.length;
      await writeSplit(res, chunk({ role: 'assistant', content: '' }, null));
      for (let i = 0; i < cutAt; i++) {
        if (options.chunkDelayMs) await sleep(options.chunkDelayMs);
        await writeSplit(res, chunk({ content: pieces[i] }, null));
      }
      if (behaviour.kind === 'cut') {
        // Half a frame, then the connection dies.
        res.write(Buffer.from('data: {"id":"', 'utf8'));
        res.socket?.destroy();
        return;
      }
      if (behaviour.kind === 'truncated') {
        res.end();
        return;
      }
      await writeSplit(res, chunk({}, 'stop'));
      const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
      if (streamOptions?.include_usage)
        await writeSplit(res, frame({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }));
      await writeSplit(res, Buffer.from('data: [DONE]\n\n', 'utf8'));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...behaviours) => pending.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
