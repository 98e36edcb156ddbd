import { CODE_TTL_SECONDS, RESEND_COUNTDOWN_SECONDS } from '@productimage/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness, insideOneWindow } from '../../test-support/harness.ts';
import { latestOutbox, newIp, newPhone, passCaptcha, requestCode } from './accounts.test-support.ts';
import { LIMITS } from './limits.ts';

const en = { 'accept-language': 'en' };

describeEachDb('verification codes', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** The client of each test: the captcha is answered and the code asked for from one address. */
  let ip = newIp();
  beforeEach(() => {
    ip = newIp();
  });
  const send = (mobileId: string, headers: Record<string, string> = en) =>
    h.call({ method: 'POST', url: '/api/auth/code', payload: { mobileId }, headers: { 'x-forwarded-for': ip, ...headers } });
  /** Moves the newest code of an address back in time, as if that many seconds had passed. */
  const age = async (target: string, seconds: number) => {
    const shift = seconds * 1000;
    const rows = await h.ctx.db.selectFrom('verification_codes').selectAll().where('target', '=', target).execute();
    for (const row of rows)
      await h.ctx.db
        .updateTable('verification_codes')
        .set({ created_at: row.created_at - shift, expires_at: row.expires_at - shift })
        .where('id', '=', row.id)
        .execute();
  };

  it('sends a 6-digit code by SMS to a phone after a verified captcha', async () => {
    const phone = newPhone();
    await passCaptcha(h, phone, ip);
    const res = await send(phone);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ code: 1 });
    const sms = await latestOutbox(h, phone, 'sms');
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.text).toContain(sms?.code);
    expect(sms?.text).toContain(`${CODE_TTL_SECONDS / 60} minutes`);
  });

  it('sends the code by e-mail to an e-mail address, in the caller’s language', async () => {
    const mail = `Someone.${newPhone()}@Example.com`;
    await passCaptcha(h, mail, ip);
    expect((await send(mail, { 'accept-language': 'zh-CN' })).data).toEqual({ code: 1 });
    const message = await latestOutbox(h, mail.toLowerCase(), 'mail');
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain('验证码');
    expect(await latestOutbox(h, mail.toLowerCase(), 'sms')).toBeUndefined();
  });

  it('refuses without a verified captcha', async () => {
    const phone = newPhone();
    expect((await send(phone)).data).toEqual({ code: 0, errMsg: 'Please complete the image verification first' });
    // A fetched but unanswered captcha is not enough either.
    await h.app.inject({ method: 'GET', url: `/api/auth/captcha?mobileId=${phone}`, headers: { 'x-forwarded-for': ip } });
    expect((await send(phone)).data).toEqual({ code: 0, errMsg: 'Please complete the image verification first' });
    expect(await latestOutbox(h, phone, 'sms')).toBeUndefined();
  });

  it('a verified captcha allows one send only', async () => {
    const phone = newPhone();
    await requestCode(h, phone, ip);
    await age(phone, RESEND_COUNTDOWN_SECONDS + 1);
    expect((await send(phone)).data).toEqual({ code: 0, errMsg: 'Please complete the image verification first' });
  });

  it('a captcha verified for one address does not open another', async () => {
    const phone = newPhone();
    await passCaptcha(h, phone, ip);
    expect((await send(newPhone())).data.code).toBe(0);
    expect((await send(phone)).data.code).toBe(1);
  });

  it('a captcha verified by one client does not open the address for another client', async () => {
    const phone = newPhone();
    await passCaptcha(h, phone, ip);
    expect((await send(phone, { ...en, 'x-forwarded-for': newIp() })).data).toEqual({
      code: 0,
      errMsg: 'Please complete the image verification first',
    });
    expect((await send(phone)).data.code).toBe(1);
  });

  it('refuses a resend while the countdown runs, and allows it afterwards', async () => {
    const phone = newPhone();
    await requestCode(h, phone, ip);
    await passCaptcha(h, phone, ip);
    expect((await send(phone)).data).toEqual({
      code: 0,
      errMsg: 'A code was just sent, please wait before requesting another',
    });
    // The refusal did not use up the verified captcha.
    await age(phone, RESEND_COUNTDOWN_SECONDS + 1);
    expect((await send(phone)).data).toEqual({ code: 1 });
  });

  it('translates refusals into Chinese by default', async () => {
    expect((await send(newPhone(), {})).data).toEqual({ code: 0, errMsg: '请先完成图形验证' });
  });

  it('rejects malformed addresses with the spec message', async () => {
    const res = await send('1234');
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Please enter a correct phone number/email');
  });

  it('limits sends per address', async () => {
    const phone = newPhone();
    const [limit, window] = LIMITS.codePerAccount;
    await insideOneWindow(window, async () => {
      for (let i = 0; i < limit; i++) {
        await requestCode(h, phone, newIp());
        await age(phone, RESEND_COUNTDOWN_SECONDS + 1);
      }
      await passCaptcha(h, phone, ip);
      expect((await send(phone)).data).toEqual({ code: 0, errMsg: 'Requests too frequent, try later' });
    });
  });

  it('limits sends per client', async () => {
    const [limit, window] = LIMITS.codePerIp;
    await insideOneWindow(window, async () => {
      for (let i = 0; i < limit; i++) await requestCode(h, newPhone(), ip);
      const phone = newPhone();
      await passCaptcha(h, phone, ip);
      const res = await send(phone, { ...en, 'x-forwarded-for': ip });
      expect(res.data).toEqual({ code: 0, errMsg: 'Requests too frequent, try later' });
    });
  });
});
