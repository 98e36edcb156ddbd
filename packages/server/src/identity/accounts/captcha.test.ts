import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness, insideOneWindow } from '../../test-support/harness.ts';
import { latestOutbox, newIp, newPhone, solveChallengeFor } from './accounts.test-support.ts';
import { CAPTCHA_MAX_ATTEMPTS, LIMITS } from './limits.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeEachDb('captcha', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** The test's client: captchas belong to an address and the client that fetched them. */
  const me = '10.200.0.1';
  const image = (mobileId: string, ip = me) =>
    h.app.inject({
      method: 'GET',
      url: `/api/auth/captcha?mobileId=${encodeURIComponent(mobileId)}`,
      headers: { 'x-forwarded-for': ip },
    });
  const verify = async (mobileId: string, code: string, ip = me) =>
    h.call({
      method: 'POST',
      url: '/api/auth/captcha/verify',
      payload: { mobileId, code, altcha: await solveChallengeFor(h) },
      headers: { 'x-forwarded-for': ip },
    });

  it('answers a PNG image (never SVG) and records its answer in the dev outbox', async () => {
    const phone = newPhone();
    const res = await image(phone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/png/);
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG);
    expect(res.body).not.toContain('<svg');
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

  it('a new captcha of the same client replaces its previous one', async () => {
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

  it('answers an empty body (size 0, status 200) when one client asks too often for one address', async () => {
    const phone = newPhone();
    const ip = newIp();
    const [limit, window] = LIMITS.captchaPerClientAccount;
    const throttled = await insideOneWindow(window, async () => {
      for (let i = 0; i < limit; i++) expect((await image(phone, ip)).rawPayload.length).toBeGreaterThan(0);
      return image(phone, ip);
    });
    expect(throttled.statusCode).toBe(200);
    expect(throttled.rawPayload.length).toBe(0);
    // Other addresses are not affected.
    expect((await image(newPhone(), ip)).rawPayload.length).toBeGreaterThan(0);
  });

  it("attack: requests from elsewhere neither throttle nor replace the owner's captcha (issue 9 item 5)", async () => {
    const victim = newPhone();
    await image(victim);
    const answer = (await latestOutbox(h, victim, 'captcha'))!.code;
    // The attack: ten captcha requests (and more) for the victim's phone from other addresses.
    const [limit] = LIMITS.captchaPerClientAccount;
    for (let i = 0; i < limit + 5; i++) await image(victim, `10.201.${i}.9`);
    // The victim still gets a captcha, and the one they were typing still works.
    const ownCaptcha = await verify(victim, answer);
    expect(ownCaptcha.data).toBe(true);
    expect((await image(victim)).rawPayload.length).toBeGreaterThan(0);
  });

  it('refuses a right answer without a solved proof-of-work challenge, and each solution once', async () => {
    const phone = newPhone();
    await image(phone);
    const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
    const challenge = await h.call({ method: 'GET', url: '/api/auth/challenge' });
    expect(challenge.data).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50000 });
    expect(Object.keys(challenge.data).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    const post = (altcha?: string) =>
      h.call({
        method: 'POST',
        url: '/api/auth/captcha/verify',
        payload: { mobileId: phone, code: answer, ...(altcha === undefined ? {} : { altcha }) },
        headers: { 'x-forwarded-for': me },
      });
    expect((await post()).data).toBe(false);
    expect((await post('bm90IGEgc29sdXRpb24=')).data).toBe(false);
    // A forged solution: right shape, wrong number.
    const forged = Buffer.from(JSON.stringify({ ...challenge.data, number: -1, maxnumber: undefined })).toString('base64');
    expect((await post(forged)).data).toBe(false);
    const solved = (await solveChallengeFor(h)) as string;
    expect((await post(solved)).data).toBe(true);
    // The same solution again opens nothing (a new captcha needs new work).
    await image(phone);
    const next = (await latestOutbox(h, phone, 'captcha'))!.code;
    const replay = await h.call({
      method: 'POST',
      url: '/api/auth/captcha/verify',
      payload: { mobileId: phone, code: next, altcha: solved },
      headers: { 'x-forwarded-for': me },
    });
    expect(replay.data).toBe(false);
  });

  it('answers an empty body when one client asks too often', async () => {
    const ip = newIp();
    const [limit, window] = LIMITS.captchaPerIp;
    await insideOneWindow(window, async () => {
      for (let i = 0; i < limit; i++) expect((await image(newPhone(), ip)).rawPayload.length).toBeGreaterThan(0);
      expect((await image(newPhone(), ip)).rawPayload.length).toBe(0);
    });
    expect((await image(newPhone(), newIp())).rawPayload.length).toBeGreaterThan(0);
  });

  it('rejects an address that is neither a phone nor an e-mail with the spec message', async () => {
    const res = await h.call({ method: 'GET', url: '/api/auth/captcha?mobileId=12345', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Please enter a correct phone number/email');
  });
});

describe('captcha without proof of work (CAPTCHA_POW_MAXNUMBER=0)', () => {
  it('answers a null challenge and checks the typed answer alone', async () => {
    const h = await createHarness('sqlite', { CAPTCHA_POW_MAXNUMBER: '0' });
    try {
      expect((await h.call({ method: 'GET', url: '/api/auth/challenge' })).data).toBeNull();
      const phone = newPhone();
      await h.app.inject({ method: 'GET', url: `/api/auth/captcha?mobileId=${phone}` });
      const answer = (await latestOutbox(h, phone, 'captcha'))!.code;
      const res = await h.call({ method: 'POST', url: '/api/auth/captcha/verify', payload: { mobileId: phone, code: answer } });
      expect(res.data).toBe(true);
    } finally {
      await h.close();
    }
  });
});

describe('captcha with a real SMS provider', () => {
  it('does not record answers anywhere readable', async () => {
    const h = await createHarness('sqlite', { SMS_PROVIDER: 'http', SMS_URL: 'http://127.0.0.1:9/sms' });
    try {
      const phone = newPhone();
      const res = await h.app.inject({ method: 'GET', url: `/api/auth/captcha?mobileId=${phone}` });
      expect(res.rawPayload.subarray(0, 8)).toEqual(PNG);
      expect(await h.ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
