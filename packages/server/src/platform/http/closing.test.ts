import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createHarness, describeSqlite } from '../../test-support/harness.ts';

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
