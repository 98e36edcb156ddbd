import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../test/harness.ts';
import { CAPTCHA_MAX_ATTEMPTS, LIMITS } from './limits.ts';
import { latestOutbox, newIp, newPhone } from './testing.ts';

describeEachDb('captcha', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const image = (mobileId: string, ip = newIp()) =>
    h.app.inject({
      method: 'GET',
      url: `/api/auth/captcha?mobileId=${encodeURIComponent(mobileId)}`,
      headers: { 'x-forwarded-for': ip },
    });
  const verify = (mobileId: string, code: string) =>
    h.call({ method: 'POST', url: '/api/auth/captcha/verify', payload: { mobileId, code } });

  it('answers an SVG image and records its answer in the dev outbox', async () => {
    const phone = newPhone();
    const res = await image(phone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg/);
    const entry = await latestOutbox(h, phone, 'captcha');
    expect(entry?.code).toMatch(/^[a-z0-9]{4}$/i);
  });

  it('accepts the answer in any letter case', async () => {
    const phone = newPhone();
    await image(phone);
    const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
    expect((await verify(phone, answer.toUpperCase())).data).toBe(true);
  });

  it('answers false for a wrong answer, a foreign address and an address without a captcha', async () => {
    const phone = newPhone();
    await image(phone);
    const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
    expect((await verify(phone, `${answer}x`)).data).toBe(false);
    expect((await verify(newPhone(), answer)).data).toBe(false);
    expect((await verify(`${newPhone()}`, 'abcd')).data).toBe(false);
  });

  it(`dies after ${CAPTCHA_MAX_ATTEMPTS} wrong answers, even for the right one afterwards`, async () => {
    const phone = newPhone();
    await image(phone);
    const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
    for (let i = 0; i < CAPTCHA_MAX_ATTEMPTS; i++) expect((await verify(phone, 'wrong')).data).toBe(false);
    expect((await verify(phone, answer)).data).toBe(false);
  });

  it('answers false once expired', async () => {
    const phone = newPhone();
    await image(phone);
    const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
    await h.ctx.db
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1 })
      .where('mobile_id', '=', phone)
      .execute();
    expect((await verify(phone, answer)).data).toBe(false);
  });

  it('a new captcha replaces the previous one', async () => {
    const phone = newPhone();
    await image(phone);
    const first = (await latestOutbox(h, phone, 'captcha'))!.code;
    let second = first;
    // Two random answers can coincide; fetch until they differ.
    while (second === first) {
      await image(phone);
      second = (await latestOutbox(h, phone, 'captcha'))!.code;
    }
    expect((await verify(phone, first)).data).toBe(false);
    expect((await verify(phone, second)).data).toBe(true);
  });

  it('answers an empty body (size 0, status 200) when one address asks too often', async () => {
    const phone = newPhone();
    const [limit] = LIMITS.captchaPerAccount;
    for (let i = 0; i < limit; i++) expect((await image(phone)).body.length).toBeGreaterThan(0);
    const throttled = await image(phone);
    expect(throttled.statusCode).toBe(200);
    expect(throttled.rawPayload.length).toBe(0);
    // Other addresses are not affected.
    expect((await image(newPhone())).body.length).toBeGreaterThan(0);
  });

  it('answers an empty body when one client asks too often', async () => {
    const ip = newIp();
    const [limit] = LIMITS.captchaPerIp;
    for (let i = 0; i < limit; i++) expect((await image(newPhone(), ip)).body.length).toBeGreaterThan(0);
    expect((await image(newPhone(), ip)).rawPayload.length).toBe(0);
    expect((await image(newPhone())).body.length).toBeGreaterThan(0);
  });

  it('rejects an address that is neither a phone nor an e-mail with the spec message', async () => {
    const res = await h.call({ method: 'GET', url: '/api/auth/captcha?mobileId=12345', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Please enter a correct phone number/email');
  });
});

describe('captcha with a real SMS provider', () => {
  it('does not record answers anywhere readable', async () => {
    const h = await createHarness('sqlite', { SMS_PROVIDER: 'http', SMS_URL: 'http://127.0.0.1:9/sms' });
    try {
      const phone = newPhone();
      const res = await h.app.inject({ method: 'GET', url: `/api/auth/captcha?mobileId=${phone}` });
      expect(res.body).toMatch(/^<svg/);
      expect(await h.ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
