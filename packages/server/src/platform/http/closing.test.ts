import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { holdEngine, upload } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';

/**
 * Closes a listening server while a request is in flight on a kept-alive connection (its body half
 * sent), then completes the request. Resolves with the answer once the close has finished: before
 * closing.ts, close() waited for the client to drop its connection, which this agent never does.
 */
async function closeWithRequestInFlight(draining: boolean): Promise<http.IncomingMessage> {
  const h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  // A client that keeps connections open, as a load balancer or undici does.
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ mobileId: '13800000000', code: 'abcd' });
  let request!: http.ClientRequest;
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/captcha/verify', agent, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      },
    );
    request.on('error', reject);
  });
  // The server has routed it (Fastify's listener runs first) before closing starts.
  const routed = new Promise((resolve) => h.app.server.once('request', resolve));
  request.write(body.slice(0, 10));
  await routed;
  h.ctx.draining = draining; // what app/index.ts does on SIGTERM, before it closes
  const closed = h.close();
  request.end(body.slice(10));
  const res = await answered;
  await closed;
  agent.destroy();
  return res;
}

describeSqlite('closing a server with a request in flight', () => {
  it('after a drain: answers it with Connection: close and closes', async () => {
    const res = await closeWithRequestInFlight(true);
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe('close');
  });

  it('without a drain: answers it and closes the connection once it is idle', async () => {
    const res = await closeWithRequestInFlight(false);
    expect(res.statusCode).toBe(200);
  });
});

describeSqlite('closing a server with a connection that has sent nothing yet', () => {
  it('closes it: a spare connection made ahead of need does not hold the close', async () => {
    const h = await createHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    // What a browser or a balancer opens before it has a request to send (Node does not count it idle).
    const spare = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const dropped = new Promise((resolve) => spare.once('close', resolve));
    spare.on('error', () => undefined);
    // Without closing.ts's sweep this waits as long as the client keeps the connection: past the test's time-out.
    await h.close();
    await dropped;
    expect(spare.destroyed).toBe(true);
  });
});

describeSqlite('draining', () => {
  it('says Connection: close on every answer while draining, and no longer once it stops', async () => {
    const h = await createHarness();
    const health = () => h.app.inject({ method: 'GET', url: '/api/health' });
    expect((await health()).headers.connection).not.toBe('close');
    h.ctx.draining = true;
    expect(h.ctx.draining).toBe(true);
    expect((await health()).headers.connection).toBe('close');
    h.ctx.draining = false;
    expect((await health()).headers.connection).not.toBe('close');
    await h.close();
  });
});

describeSqlite('closing a server with a task event stream open', () => {
  it('ends the stream (the client sees its end, not a hang) and closes', async () => {
    const h = await createHarness();
    quickLocalEngine(h.ctx);
    // The task stays running until the server closes: its stream has no end of its own.
    holdEngine(h.ctx);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const u = await h.user();
    const input = await upload(h, u.auth, await productPhoto());
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'MATTING_IMAGE', params: {}, inputs: [input] },
    });
    expect(created.code).toBe(0);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `/api/tasks/${created.data.taskId}/events`, headers: u.auth }, resolve)
        .on('error', reject);
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    let body = '';
    res.setEncoding('utf8');
    const ended = new Promise<void>((resolve, reject) => {
      res.on('end', resolve);
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the stream was cut off, not ended')));
    });
    await new Promise<void>((resolve) => {
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.includes('\n\n')) resolve();
      });
    });
    expect(body).toMatch(/^event: task\n/m);
    await h.close();
    await ended;
    expect(res.complete).toBe(true);
  });
});
