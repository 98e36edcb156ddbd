import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchWithRetry, isTimeout, retryingFetch } from './outbound.ts';

/**
 * What the service does with each request, in order: answer with a status (and headers), never
 * answer (`hang`), or drop the connection (`drop`, a network error). `open`: the answer's body is
 * begun and never ended, so the service sees when the client lets the answer go. Past the list it
 * answers 200.
 */
type Behaviour = { status: number; headers?: Record<string, string>; open?: boolean } | 'hang' | 'drop';

/** A real HTTP service on port 0 that follows a script and records what it was sent. */
function startService() {
  let script: Behaviour[] = [];
  const requests: { method: string; body: string }[] = [];
  const hanging = new Set<http.ServerResponse>();
  let arrived: (() => void) | undefined;
  let letGo: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', body });
      arrived?.();
      const behaviour = script.shift() ?? { status: 200 };
      if (behaviour === 'hang') hanging.add(res);
      else if (behaviour === 'drop') req.socket.destroy();
      else if (behaviour.open) {
        hanging.add(res);
        res.on('close', () => letGo?.());
        res.writeHead(behaviour.status, behaviour.headers).write('partial');
      } else res.writeHead(behaviour.status, behaviour.headers).end(`answer ${requests.length}`);
    });
  });
  return {
    requests,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    play(behaviours: Behaviour[]) {
      script = [...behaviours];
      requests.length = 0;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    /** Resolves once `count` requests have arrived. */
    received(count: number) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (requests.length >= count) resolve();
        };
        arrived = check;
        check();
      });
    },
    /** Resolves once the client has let an `open` answer go (it read the status and gave up the body). */
    letGo() {
      return new Promise<void>((resolve) => {
        letGo = resolve;
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('outbound HTTP (fetchWithRetry)', () => {
  const service = startService();
  beforeAll(() => service.listen());
  afterAll(() => service.close());
  beforeEach(() => service.play([]));

  /** One call with quick back-off: the tests count attempts and outcomes, never time. */
  const call = (retries: number, extra: { timeoutMs?: number; backoffMs?: number; signal?: AbortSignal } = {}) =>
    fetchWithRetry(service.url(), {}, { timeoutMs: 10_000, backoffMs: 1, retries, ...extra });

  it('retries 429 and 5xx answers and returns the first good one', async () => {
    service.play([{ status: 429 }, { status: 500 }, { status: 503 }]);
    const res = await call(3);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('answer 4');
    expect(service.requests).toHaveLength(4);
  });

  it('returns the last answer as it is once the retries are spent', async () => {
    service.play([{ status: 502 }, { status: 502 }, { status: 502 }]);
    const res = await call(1);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('answer 2');
    expect(service.requests).toHaveLength(2);
  });

  it('does not retry a 4xx other than 429', async () => {
    for (const status of [400, 401, 404, 409, 422]) {
      service.play([{ status }]);
      const res = await call(3);
      expect(res.status).toBe(status);
      expect(service.requests).toHaveLength(1);
    }
  });

  it('retries a dropped connection, and throws the network error of the last attempt', async () => {
    service.play(['drop']);
    expect((await call(1)).status).toBe(200);
    expect(service.requests).toHaveLength(2);

    service.play(['drop', 'drop']);
    await expect(call(1)).rejects.toThrow(TypeError);
    expect(service.requests).toHaveLength(2);
  });

  it('gives each attempt its own time-out: a hung attempt is retried, a hung last attempt throws TimeoutError', async () => {
    service.play(['hang']);
    const res = await call(1, { timeoutMs: 300 });
    expect(res.status).toBe(200);
    expect(service.requests).toHaveLength(2);

    service.play(['hang', 'hang']);
    const error = await call(1, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(isTimeout(error)).toBe(true);
    expect(service.requests).toHaveLength(2);
  });

  // The back-off here is longer than the test may run: only the service's Retry-After lets it finish.
  it('waits what Retry-After says in seconds instead of its back-off', { timeout: 30_000 }, async () => {
    service.play([{ status: 503, headers: { 'retry-after': '1' } }]);
    const res = await call(1, { backoffMs: 120_000 });
    expect(res.status).toBe(200);
    expect(service.requests).toHaveLength(2);
  });

  it('waits until the HTTP date Retry-After gives instead of its back-off', { timeout: 30_000 }, async () => {
    // Dates have whole seconds: two seconds ahead is at least one ahead when the answer is read.
    service.play([{ status: 429, headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() } }]);
    const res = await call(1, { backoffMs: 120_000 });
    expect(res.status).toBe(200);
    expect(service.requests).toHaveLength(2);
  });

  it('stops at once on abort, during an attempt and while waiting to retry, with the signal’s reason', async () => {
    const reason = new Error('caller left');
    service.play(['hang']);
    const during = new AbortController();
    const first = call(3, { signal: during.signal });
    await service.received(1);
    during.abort(reason);
    await expect(first).rejects.toBe(reason);
    expect(service.requests).toHaveLength(1);

    // A Retry-After of a minute: without the abort the call would outlast the test. The client has
    // read the answer and given its body up when it begins to wait.
    service.play([{ status: 503, headers: { 'retry-after': '60' }, open: true }]);
    const waiting = new AbortController();
    const givenUp = service.letGo();
    const second = fetchWithRetry(service.url(), { signal: waiting.signal }, { timeoutMs: 10_000, retries: 3 });
    await givenUp;
    waiting.abort(reason);
    await expect(second).rejects.toBe(reason);
    expect(service.requests).toHaveLength(1);

    // Already aborted: nothing is sent.
    service.play([]);
    await expect(call(3, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(service.requests).toHaveLength(0);
  });

  it('as a fetch function (retryingFetch), sends the same request on every attempt', async () => {
    service.play([{ status: 500 }]);
    const send = retryingFetch({ timeoutMs: 10_000, retries: 2, backoffMs: 1 });
    const res = await send(service.url(), { method: 'POST', body: '{"q":1}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(service.requests).toEqual([
      { method: 'POST', body: '{"q":1}' },
      { method: 'POST', body: '{"q":1}' },
    ]);
  });
});
