import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, requestCode } from '../../identity/accounts/accounts.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { devRoutes } from './routes.ts';

describeSqlite('GET /api/dev/outbox', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());
  // API.md's call as outside tools make it: no token (DEV_OUTBOX_TOKEN is not set on dev and test instances).
  const outbox = (to: string) => h.call({ method: 'GET', url: `/api/dev/outbox?to=${to}` });

  it('lists what was sent to an address, newest first', async () => {
    const phone = newPhone();
    const first = await requestCode(h, phone);
    const second = await requestCode(h, phone);
    const res = await outbox(phone);
    expect(res.status).toBe(200);
    expect(res.data.map((m: { channel: string; code: string }) => [m.channel, m.code])).toEqual([
      ['sms', second],
      ['captcha', expect.any(String)],
      ['sms', first],
      ['captcha', expect.any(String)],
    ]);
    expect(res.data[0]).toEqual({
      to: phone,
      channel: 'sms',
      text: expect.stringContaining(second),
      code: second,
      sentAt: expect.any(Number),
    });
  });

  it('matches e-mail addresses regardless of case', async () => {
    const mail = `Case.${newPhone()}@Example.com`;
    const code = await requestCode(h, mail);
    const res = await outbox(encodeURIComponent(mail.toUpperCase()));
    expect(res.data[0]).toMatchObject({ channel: 'mail', code, to: mail.toLowerCase() });
  });

  it('is not there in production, even when codes go to the outbox', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await devRoutes(app, { ...h.ctx, log: app.log, config: { ...h.ctx.config, NODE_ENV: 'production' } });
    const phone = newPhone();
    await requestCode(h, phone);
    expect((await app.inject({ method: 'GET', url: `/dev/outbox?to=${phone}` })).statusCode).toBe(404);
    await app.close();
  });

  it('with DEV_OUTBOX_TOKEN set, answers only a request with it, never by where the request seems to come from (issue 42)', async () => {
    const token = 'a-token-for-this-instance-only-0123';
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await devRoutes(app, { ...h.ctx, log: app.log, config: { ...h.ctx.config, DEV_OUTBOX_TOKEN: token } });
    const phone = newPhone();
    await requestCode(h, phone);
    // The attacks: any client that reaches the port, or a same-host proxy that adds no forwarding
    // header (every client then looks like loopback), reading everybody's codes.
    for (const remoteAddress of ['203.0.113.7', '127.0.0.1', '::1']) {
      const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${phone}`, remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\d{6}/);
    }
    const wrong = await app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${phone}&token=${'x'.repeat(token.length)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(wrong.statusCode).toBe(404);
    // With the token, from anywhere: by header, or in the query (a browser).
    const byHeader = await app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${phone}`,
      remoteAddress: '203.0.113.7',
      headers: { 'x-dev-outbox-token': token },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().data.length).toBeGreaterThan(0);
    const byQuery = await app.inject({ method: 'GET', url: `/dev/outbox?to=${phone}&token=${token}` });
    expect(byQuery.json().data.length).toBeGreaterThan(0);
    await app.close();
  });

  it('answers an empty list for an address nothing was sent to', async () => {
    expect((await outbox(newPhone())).data).toEqual([]);
  });
});

describe('GET /api/dev/outbox with a real provider', () => {
  const providers: Array<Record<string, string>> = [
    { SMS_PROVIDER: 'http', SMS_URL: 'http://127.0.0.1:9/sms' },
    { MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9' },
  ];
  for (const env of providers) {
    it(`is not there (404) with ${Object.values(env)[0]}`, async () => {
      const h = await createHarness('sqlite', env);
      try {
        const res = await h.call({ method: 'GET', url: `/api/dev/outbox?to=${newPhone()}` });
        expect(res.status).toBe(404);
        const spec = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
        expect(spec.paths).not.toHaveProperty('/api/dev/outbox');
      } finally {
        await h.close();
      }
    });
  }
});
