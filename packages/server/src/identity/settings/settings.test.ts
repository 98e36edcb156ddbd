import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { hashShortSecret } from '../accounts/secrets.ts';

describeSqlite('personal settings', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** A code as POST /api/auth/code stores it (hashed with the server secret). */
  const issueCode = async (target: string, code = '123456') => {
    const now = Date.now();
    await h.ctx.db
      .insertInto('verification_codes')
      .values({
        target,
        channel: target.includes('@') ? 'mail' : 'sms',
        code_hash: hashShortSecret(h.ctx.secret, target, code),
        created_at: now,
        expires_at: now + 300_000,
        attempts: 0,
        consumed_at: null,
      })
      .execute();
    return code;
  };
  const session = (auth: Record<string, string>) => h.call({ method: 'GET', url: '/api/auth/session', headers: auth });
  const userRow = (id: string) => h.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('changes the display name and company', async () => {
    const user = await h.user();
    const res = await h.call({
      method: 'PUT',
      url: '/api/settings/profile',
      headers: user.auth,
      payload: { userName: '  Mei  ', companyName: 'Acme' },
    });
    expect(res.status).toBe(200);
    expect((await session(user.auth)).data).toMatchObject({ userName: 'Mei', companyName: 'Acme' });
    const empty = await h.call({
      method: 'PUT',
      url: '/api/settings/profile',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: { userName: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('Please enter your name');
    expect((await h.call({ method: 'PUT', url: '/api/settings/profile', payload: { userName: 'x' } })).status).toBe(401);
  });

  it('binds an e-mail address and a phone number with their codes', async () => {
    const user = await h.user({ email: 'first@example.com' });
    const code = await issueCode('bound@example.com');
    const res = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: user.auth,
      payload: { mobileId: 'Bound@Example.com', verifyCode: code },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ kind: 'email' });
    expect((await userRow(user.id)).email).toBe('bound@example.com');
    // The code is used up: a used code answers as a wrong one (it tells nothing, security.md).
    const again = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: user.auth,
      payload: { mobileId: 'bound@example.com', verifyCode: code },
    });
    expect(again.code).toBe(ERRORS.codeWrong.code);

    const phoneCode = await issueCode('13912345678');
    const phone = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: user.auth,
      payload: { mobileId: '13912345678', verifyCode: phoneCode },
    });
    expect(phone.data).toEqual({ kind: 'phone' });
    expect((await userRow(user.id)).phone).toBe('13912345678');
  });

  it('refuses a wrong code and an account that belongs to someone else, without using the code', async () => {
    const owner = await h.user({ email: 'taken@example.com' });
    const user = await h.user();
    await issueCode('free@example.com', '111111');
    const wrong = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: user.auth,
      payload: { mobileId: 'free@example.com', verifyCode: '222222' },
    });
    expect(wrong.code).toBe(ERRORS.codeWrong.code);
    expect((await userRow(user.id)).email).toBeNull();

    const code = await issueCode('taken@example.com', '333333');
    const taken = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: { mobileId: 'taken@example.com', verifyCode: code },
    });
    expect(taken.status).toBe(409);
    expect(taken.code).toBe(ERRORS.accountBoundElsewhere.code);
    expect(taken.msg).toMatch(/already used by another account/);
    expect((await userRow(owner.id)).email).toBe('taken@example.com');
    const unused = await h.ctx.db
      .selectFrom('verification_codes')
      .select('consumed_at')
      .where('target', '=', 'taken@example.com')
      .executeTakeFirstOrThrow();
    expect(unused.consumed_at).toBeNull();
    const invalid = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: user.auth,
      payload: { mobileId: 'nope', verifyCode: '123456' },
    });
    expect(invalid.status).toBe(400);
  });

  it('answers a wrong code alike for an address in use and a free one (nothing to enumerate)', async () => {
    await h.user({ email: 'used-elsewhere@example.com' });
    const user = await h.user();
    const answers = [];
    for (const mobileId of ['used-elsewhere@example.com', 'nobody-yet@example.com']) {
      await issueCode(mobileId, '111111');
      const res = await h.call({
        method: 'POST',
        url: '/api/settings/bind',
        headers: user.auth,
        payload: { mobileId, verifyCode: '222222' },
      });
      answers.push([res.status, res.code]);
    }
    expect(answers).toEqual([
      [400, ERRORS.codeWrong.code],
      [400, ERRORS.codeWrong.code],
    ]);
  });

  it('sets a first password without an old one, then requires the old one; other sessions end', async () => {
    const user = await h.user();
    const first = await h.call({
      method: 'POST',
      url: '/api/settings/password',
      headers: user.auth,
      payload: { password: 'first-pass' },
    });
    expect(first.status).toBe(200);
    expect((await session(user.auth)).data.hasPassword).toBe(true);

    const { accessToken: otherToken } = await import('../accounts/sessions.ts').then((m) =>
      m.createSession(h.ctx.db, user.id, 3600),
    );
    const other = { authorization: `Bearer ${otherToken}` };
    const missing = await h.call({
      method: 'POST',
      url: '/api/settings/password',
      headers: user.auth,
      payload: { password: 'second-pass' },
    });
    expect(missing.code).toBe(ERRORS.oldPasswordWrong.code);
    const wrong = await h.call({
      method: 'POST',
      url: '/api/settings/password',
      headers: user.auth,
      payload: { oldPassword: 'nope', password: 'second-pass' },
    });
    expect(wrong.code).toBe(ERRORS.oldPasswordWrong.code);
    expect((await session(other)).data).not.toBeNull();

    const ok = await h.call({
      method: 'POST',
      url: '/api/settings/password',
      headers: user.auth,
      payload: { oldPassword: 'first-pass', password: 'second-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await session(user.auth)).data).not.toBeNull();
    expect((await session(other)).data).toBeNull();
    const login = await h.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: (await userRow(user.id)).phone, password: 'second-pass' },
    });
    expect(login.status).toBe(200);
    const short = await h.call({
      method: 'POST',
      url: '/api/settings/password',
      headers: user.auth,
      payload: { oldPassword: 'second-pass', password: '123' },
    });
    expect(short.status).toBe(400);
  });

  it('logs out every session, the current one included', async () => {
    const user = await h.user({ passwordHash: await hashPassword('whatever1') });
    const { createSession } = await import('../accounts/sessions.ts');
    const second = { authorization: `Bearer ${(await createSession(h.ctx.db, user.id, 3600)).accessToken}` };
    expect((await h.call({ method: 'POST', url: '/api/settings/logout-all', headers: user.auth })).status).toBe(200);
    expect((await session(user.auth)).data).toBeNull();
    expect((await session(second)).data).toBeNull();
    expect((await h.call({ method: 'POST', url: '/api/settings/logout-all', headers: user.auth })).status).toBe(401);
  });
});
