import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone } from '../../identity/accounts/accounts.test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { loadConfig } from '../config.ts';
import { createMessaging, MessagingConfigError } from './index.ts';

/** Marks the captcha of an address verified: with a real provider its answer is readable nowhere. */
async function verifiedCaptcha(h: Harness, mobileId: string) {
  await h.app.inject({ method: 'GET', url: `/api/auth/captcha?mobileId=${encodeURIComponent(mobileId)}` });
  await h.ctx.db.updateTable('captchas').set({ verified_at: Date.now() }).where('mobile_id', '=', mobileId).execute();
}

const sendCode = (h: Harness, mobileId: string) =>
  h.call({ method: 'POST', url: '/api/auth/code', payload: { mobileId }, headers: { 'accept-language': 'en' } });

describe('provider configuration', () => {
  const db = {} as never;
  it.each([
    [{ SMS_PROVIDER: 'aliyun' }, 'SMS_PROVIDER "aliyun" is unknown'],
    [{ MAIL_PROVIDER: 'sendgrid' }, 'MAIL_PROVIDER "sendgrid" is unknown'],
    [{ SMS_PROVIDER: 'http' }, 'SMS_PROVIDER=http needs SMS_URL'],
    [{ MAIL_PROVIDER: 'smtp' }, 'MAIL_PROVIDER=smtp needs SMTP_URL'],
  ])('refuses %o clearly', (env, message) => {
    const config = loadConfig(env);
    expect(() => createMessaging(config, db)).toThrow(MessagingConfigError);
    expect(() => createMessaging(config, db)).toThrow(message);
  });

  it('stops the server from starting with an unknown provider', async () => {
    await expect(createHarness('sqlite', { SMS_PROVIDER: 'nope' })).rejects.toThrow('SMS_PROVIDER "nope" is unknown');
  });

  it('uses the dev outbox only while both channels are the outbox', () => {
    expect(createMessaging(loadConfig({}), db).devOutbox).toBe(true);
    expect(createMessaging(loadConfig({ SMS_PROVIDER: 'http', SMS_URL: 'http://x/' }), db).devOutbox).toBe(false);
    expect(createMessaging(loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://x' }), db).devOutbox).toBe(false);
  });
});

describe('HTTP SMS gateway', () => {
  const received: Array<{ body: any; authorization?: string; path?: string }> = [];
  let failing = false;
  let gateway: http.Server;
  let h: Harness;
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        received.push({ body: JSON.parse(data), authorization: req.headers.authorization, path: req.url });
        res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    h = await createHarness('sqlite', { SMS_PROVIDER: 'http', SMS_URL: `http://acct:k%40y@127.0.0.1:${port}/send?sign=shop` });
  });
  afterAll(async () => {
    await h.close();
    gateway.close();
  });

  it('posts { to, text, code } with basic authorization, and the code logs in', async () => {
    const phone = newPhone();
    await verifiedCaptcha(h, phone);
    expect((await sendCode(h, phone)).data).toEqual({ code: 1 });
    const last = received.at(-1)!;
    expect(last.path).toBe('/send?sign=shop');
    expect(last.authorization).toBe(`Basic ${Buffer.from('acct:k@y').toString('base64')}`);
    expect(last.body).toEqual({
      to: phone,
      text: expect.stringContaining(last.body.code),
      code: expect.stringMatching(/^\d{6}$/),
    });
    const login = await h.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginType: 'sms_code', mobileId: phone, verifyCode: last.body.code },
    });
    expect(login.code).toBe(0);
  });

  it('reports a refused delivery and lets the user try again at once', async () => {
    const phone = newPhone();
    await verifiedCaptcha(h, phone);
    failing = true;
    try {
      expect((await sendCode(h, phone)).data).toEqual({ code: 0, errMsg: 'The code could not be sent, please try again later' });
    } finally {
      failing = false;
    }
    await verifiedCaptcha(h, phone);
    expect((await sendCode(h, phone)).data).toEqual({ code: 1 });
  });
});

/** The smallest SMTP server nodemailer will talk to: records each message's envelope and data. */
function fakeSmtp() {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, messages };
}

describe('SMTP mail', () => {
  const smtp = fakeSmtp();
  let h: Harness;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    h = await createHarness('sqlite', {
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'InspoShot <codes@inspo.example>',
    });
  });
  afterAll(async () => {
    await h.close();
    smtp.server.close();
  });

  it('mails the code from MAIL_FROM, and the code logs in', async () => {
    const mail = `owner.${newPhone()}@example.com`;
    await verifiedCaptcha(h, mail);
    expect((await sendCode(h, mail)).data).toEqual({ code: 1 });
    const message = smtp.messages.at(-1)!;
    expect(message.from).toBe('<codes@inspo.example>');
    expect(message.to).toEqual([`<${mail}>`]);
    const code = message.data.match(/verification code is (\d{6})/)?.[1];
    expect(message.data).toMatch(/^Subject: InspoShot verification code: \d{6}/m);
    expect(code).toMatch(/^\d{6}$/);
    const login = await h.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginType: 'mail_code', mail, verifyCode: code },
    });
    expect(login.code).toBe(0);
  });
});
