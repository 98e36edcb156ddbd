import { createHash } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { clientHeaders, newContext } from './browser.ts';
import type { RunningServer } from './server.ts';

/** Helpers of the browser journeys: log in through the real API (dev outbox) and call it. */

/**
 * A fresh phone number per call (11 digits starting with 137): a random start per file, then one up,
 * so two files on the shared server (tests/support/server.ts sharedServer) never meet the same user.
 */
let seq = Math.floor(Math.random() * 1e8);
export const newPhone = () => `137${String(seq++ % 1e8).padStart(8, '0')}`;

/** The newest code sent to an address through a channel since `after` (polls the dev outbox; usable in hooks). */
export async function latestCode(
  server: RunningServer,
  to: string,
  channel: 'captcha' | 'sms' | 'mail',
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = (await server.outbox(to)).find((m) => m.channel === channel && m.sentAt >= after)?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no ${channel} code for ${to} in the dev outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function call<T = any>(
  server: RunningServer,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<{ code: number; data: T; msg: string; status: number }> {
  const headers = clientHeaders();
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const res = await fetch(`${server.origin}${url}`, { method, headers, body });
  return { ...((await res.json()) as { code: number; data: T; msg: string }), status: res.status };
}

/**
 * Solves the server's proof-of-work challenge (GET /api/auth/challenge) as ALTCHA defines it: the
 * number whose SHA-256 of salt + number is the challenge. Node's hash, for speed; the web app uses
 * core's `solveProofOfWork` (altcha-lib) for the same answer.
 */
export async function solveChallenge(server: RunningServer): Promise<string | undefined> {
  const c = (
    await call<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number } | null>(
      server,
      'GET',
      '/api/auth/challenge',
    )
  ).data;
  if (!c) return undefined;
  for (let n = 0; n <= c.maxnumber; n++) {
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) {
      const payload = { algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('proof-of-work challenge without a solution');
}

/** Passes the captcha for an account and sends it a code; answers the code from the dev outbox. */
export async function codeFor(server: RunningServer, account: string): Promise<string> {
  const started = Date.now();
  const image = await fetch(`${server.origin}/api/auth/captcha?mobileId=${encodeURIComponent(account)}`, {
    headers: clientHeaders(),
  });
  expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  const answer = await latestCode(server, account, 'captcha', started - 1);
  const altcha = await solveChallenge(server);
  expect(
    (await call(server, 'POST', '/api/auth/captcha/verify', { json: { mobileId: account, code: answer, altcha } })).data,
  ).toBe(true);
  const sent = await call<{ code: number }>(server, 'POST', '/api/auth/code', { json: { mobileId: account } });
  expect(sent.data.code).toBe(1);
  return latestCode(server, account, account.includes('@') ? 'mail' : 'sms', started - 1);
}

/** Registers (or logs in) a phone by SMS through the real API; answers the access token. */
export async function loginByApi(server: RunningServer, phone: string, extra: Record<string, string> = {}): Promise<string> {
  const verifyCode = await codeFor(server, phone);
  const res = await call<{ access_token: string }>(server, 'POST', '/api/auth/login', {
    form: { loginType: 'sms_code', mobileId: phone, verifyCode, response_type: 'token', client_id: 'e2e', ...extra },
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.access_token;
}

/** A new account with a paid basic monthly membership (ordered and paid on the sandbox pay page); its token. */
export async function paidMemberByApi(server: RunningServer): Promise<string> {
  const token = await loginByApi(server, newPhone());
  const order = await call(server, 'POST', '/api/orders', { token, json: { productId: 'basic-monthly' } });
  const payUrl = new URL(order.data.payUrl as string);
  const paid = await fetch(`${server.origin}${payUrl.pathname}/pay${payUrl.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'success' }),
  });
  expect(paid.status).toBe(200);
  return token;
}

/** A browser context whose local storage already holds the token (USER_TOKEN), as after a login. */
export async function loggedInContext(
  browser: Browser,
  token: string,
  options: { language?: 'zh' | 'en'; mobile?: boolean } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, { language: 'en', ...options });
  await context.addInitScript(
    (value) => window.localStorage.setItem('USER_TOKEN', JSON.stringify({ token_type: 'bearer', access_token: value })),
    token,
  );
  return context;
}
