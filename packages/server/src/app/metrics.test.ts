import { afterAll, beforeAll, expect, it } from 'vitest';
import { charge, refund } from '../commerce/points/ledger.ts';
import { createHarness, describeEachDb, type Harness } from '../test-support/harness.ts';

/** Reads one sample's value from Prometheus text output, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describeEachDb('metrics and readiness', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(() => h.close());

  it('hides /metrics from anyone without the scrape token', async () => {
    const none = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(404);
    const wrong = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer guess' } });
    expect(wrong.statusCode).toBe(404);
  });

  it('counts requests by route template and reports queue, tasks and points from the database', async () => {
    const user = await h.user();
    for (let i = 0; i < 3; i++) await h.call({ method: 'GET', url: '/api/health' });
    await h.call({ method: 'GET', url: '/api/user/current', headers: user.auth });
    await charge(h.ctx.db, { userId: user.id, cost: 30, refType: 'test', refId: 'm1' });
    await charge(h.ctx.db, { userId: user.id, cost: 12, refType: 'test', refId: 'm2' });
    await refund(h.ctx.db, { refType: 'test', refId: 'm2' });
    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'inspo_http_requests_total', { route: '/api/health', status: '2xx' })).toBe(3);
    expect(sample(text, 'inspo_http_requests_total', { route: '/api/user/current' })).toBe(1);
    expect(sample(text, 'inspo_http_request_duration_seconds_count', { route: '/api/health' })).toBe(3);
    expect(sample(text, 'inspo_queue_depth', { engine: 'local' })).toBe(0);
    expect(sample(text, 'inspo_points', { kind: 'charged' })).toBe(42);
    expect(sample(text, 'inspo_points', { kind: 'refunded' })).toBe(12);
    expect(sample(text, 'inspo_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('is ready while its backends answer, and not ready once it drains', async () => {
    const ready = await h.call({ method: 'GET', url: '/api/health/ready' });
    expect(ready.status).toBe(200);
    expect(ready.data).toEqual({ ready: true, checks: { db: true, queue: true, storage: true, draining: false } });
    h.ctx.draining = true;
    const draining = await h.call({ method: 'GET', url: '/api/health/ready' });
    expect(draining.status).toBe(503);
    expect(draining.data.checks.draining).toBe(true);
    h.ctx.draining = false;
  });
});

it('without a token, /metrics does not exist for anyone, loopback clients included (issue 42)', async () => {
  const h = await createHarness('sqlite');
  try {
    // A same-host proxy that adds no forwarding header makes every client look like loopback: where a
    // request seems to come from opens nothing.
    for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.7']) {
      const res = await h.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
    }
  } finally {
    await h.close();
  }
});
