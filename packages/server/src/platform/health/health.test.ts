import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';

describeEachDb('health', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('reports the embedded backends in the envelope', async () => {
    const res = await h.call({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ status: 'ok', db: kind, queue: 'in-process', storage: 'local' });
  });

  it('answers unknown API paths with a translated 404 envelope', async () => {
    const res = await h.call({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('Not found');
  });

  it('publishes the OpenAPI document with the fixed paths', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.json().paths).toHaveProperty('/api/health');
    expect(res.json().paths).toHaveProperty('/api/auth/logout');
  });
});
