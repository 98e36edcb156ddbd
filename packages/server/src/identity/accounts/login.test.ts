import { FREE_GRANT_POINTS, INVITE_REWARD_DAILY_CAP, INVITE_REWARD_POINTS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness, insideOneWindow } from '../../test-support/harness.ts';
import { newIp, newPhone, requestCode, smsLogin } from './accounts.test-support.ts';
import { BACKOFF, CODE_GLOBAL_MAX_ATTEMPTS, LIMITS } from './limits.ts';

const en = { 'accept-language': 'en' };

describeEachDb('login, register, reset, logout', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const post = (url: string, payload: Record<string, unknown>, ip = newIp()) =>
    h.call({ method: 'POST', url, payload, headers: { ...en, 'x-forwarded-for': ip } });
  const smsCodeLogin = (mobileId: string, verifyCode: string, extra: Record<string, string> = {}, ip = newIp()) =>
    post('/api/auth/login', { loginType: 'sms_code', mobileId, verifyCode, ...extra }, ip);
  const session = (token: string) =>
    h.call({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
  const ledger = (userId: string) =>
    h.ctx.db.selectFrom('point_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const userOf = (account: string) =>
    h.ctx.db
      .selectFrom('users')
      .selectAll()
      .where(account.includes('@') ? 'email' : 'phone', '=', account)
      .executeTakeFirstOrThrow();
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  /** Registers a phone with a password through /api/auth/register. */
  const registerWithPassword = async (phone = newPhone(), password = 'secret-123') => {
    const code = await requestCode(h, phone);
    const res = await post('/api/auth/register', { mobileId: phone, verifyCode: code, password });
    expect(res.code).toBe(0);
    return { phone, password, token: res.data.access_token as string };
  };

  it('registers an unknown phone on SMS login with the free grant once', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const res = await smsCodeLogin(phone, code);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ token_type: 'bearer', access_token: expect.any(String), expires_in: expect.any(Number) });
    const me = await session(res.data.access_token);
    expect(me.data.phone).toBe(phone);
    expect(me.data.hasPassword).toBe(false);

    // Logging in again finds the same account and grants nothing more.
    const again = await smsLogin(h, phone);
    expect((await session(again.token)).data.id).toBe(me.data.id);
    const rows = await ledger(me.data.id);
    expect(rows.map((r) => [r.reason, r.delta, r.balance_after])).toEqual([['grant', FREE_GRANT_POINTS, FREE_GRANT_POINTS]]);
  });

  it('logs in by e-mail code, registering an unknown address', async () => {
    const mail = `buyer.${newPhone()}@example.com`;
    const code = await requestCode(h, mail);
    const res = await post('/api/auth/login', { loginType: 'mail_code', mail, verifyCode: code });
    expect(res.code).toBe(0);
    const me = await session(res.data.access_token);
    expect(me.data.email).toBe(mail);
    expect(me.data.phone).toBeNull();
    expect((await ledger(me.data.id)).map((r) => r.delta)).toEqual([FREE_GRANT_POINTS]);
  });

  it('accepts a form-encoded login with the authorization fields', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const form = new URLSearchParams({
      loginType: 'sms_code',
      mobileId: phone,
      verifyCode: code,
      response_type: 'token',
      redirect_uri: 'https://example.com/after',
      client_id: 'productimage',
      reqHost: 'mini.example.com',
    });
    const res = await h.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.code).toBe(0);
    expect(res.data.token_type).toBe('bearer');
  });

  it('rejects a wrong code without using up the right one', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const res = await smsCodeLogin(phone, wrongCode(code));
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Please enter the correct verification code');
    expect((await smsCodeLogin(phone, code)).code).toBe(0);
  });

  it('rejects a code for a phone that was never sent one', async () => {
    expect((await smsCodeLogin(newPhone(), '123456')).msg).toBe('Please enter the correct verification code');
  });

  it('rejects an expired code', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    await h.ctx.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', phone)
      .execute();
    const res = await smsCodeLogin(phone, code);
    expect(res.msg).toBe('The verification code has expired, please request a new one');
    expect(res.data).toBeNull();
  });

  it('rejects a code used once already as wrong: a used code tells nothing about the account', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    expect((await smsCodeLogin(phone, code)).code).toBe(0);
    const reused = await smsCodeLogin(phone, code);
    expect(reused.status).toBe(400);
    expect(reused.msg).toBe('Please enter the correct verification code');
  });

  it('attack: a wrong code answers the same for registered and unknown phones (issue 9 item 3)', async () => {
    // A registered phone has used code rows; an unknown one has none. Neither may show.
    const { phone: registered } = await smsLogin(h);
    const unknown = newPhone();
    for (const url of ['/api/auth/login', '/api/auth/register', '/api/auth/reset']) {
      const answers = [];
      for (const mobileId of [registered, unknown]) {
        const payload =
          url === '/api/auth/login'
            ? { loginType: 'sms_code', mobileId, verifyCode: '000000' }
            : { mobileId, verifyCode: '000000', password: 'guess-123' };
        const res = await post(url, payload);
        answers.push([res.status, res.code, res.msg]);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.[2]).toBe('Please enter the correct verification code');
    }
  });

  it("attack: five wrong guesses from elsewhere do not kill the victim's code; the guesser backs off", async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const attacker = newIp();
    // The attack: wrong guesses at the victim's live code, which need no captcha.
    for (let i = 0; i < BACKOFF.clientAccount.free; i++)
      expect((await smsCodeLogin(phone, wrongCode(code), {}, attacker)).msg).toBe('Please enter the correct verification code');
    // The attacker now waits (429), even with the right code...
    const blocked = await smsCodeLogin(phone, code, {}, attacker);
    expect(blocked.status).toBe(429);
    // ...while the victim's code still works for the victim.
    expect((await smsCodeLogin(phone, code)).code).toBe(0);
  });

  it(`kills a code after ${CODE_GLOBAL_MAX_ATTEMPTS} wrong tries from everywhere`, async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    for (let i = 1; i < CODE_GLOBAL_MAX_ATTEMPTS; i++)
      expect((await smsCodeLogin(phone, wrongCode(code))).msg).toBe('Please enter the correct verification code');
    expect((await smsCodeLogin(phone, wrongCode(code))).msg).toBe('Too many wrong tries, please request a new code');
    expect((await smsCodeLogin(phone, code)).msg).toBe('Too many wrong tries, please request a new code');
    // A new code works again.
    expect((await smsCodeLogin(phone, await requestCode(h, phone))).code).toBe(0);
  });

  it(`attack: a spray of ${CODE_GLOBAL_MAX_ATTEMPTS} wrong codes from ${CODE_GLOBAL_MAX_ATTEMPTS} addresses leaves the victim's code good for the victim (issue 26)`, async () => {
    const phone = newPhone();
    const victim = newIp();
    const code = await requestCode(h, phone, victim);
    for (let i = 0; i < CODE_GLOBAL_MAX_ATTEMPTS; i++) await smsCodeLogin(phone, wrongCode(code));
    // Brute force stays blocked: another address, even with the right code, is refused now...
    expect((await smsCodeLogin(phone, code)).msg).toBe('Too many wrong tries, please request a new code');
    // ...and the client the code was sent to still logs in with it.
    expect((await smsCodeLogin(phone, code, {}, victim)).code).toBe(0);
  });

  it('only the newest code counts', async () => {
    const phone = newPhone();
    const first = await requestCode(h, phone);
    const second = await requestCode(h, phone);
    if (first !== second) expect((await smsCodeLogin(phone, first)).code).not.toBe(0);
    expect((await smsCodeLogin(phone, second)).code).toBe(0);
  });

  it('validates the fields with the spec messages', async () => {
    expect((await smsCodeLogin('2345', '123456')).msg).toBe('Please enter a correct phone number');
    expect((await smsCodeLogin('', '123456')).msg).toBe('Please enter phone number');
    expect((await smsCodeLogin(newPhone(), '12345')).msg).toBe('Please enter the correct verification code');
    expect((await post('/api/auth/login', { loginType: 'mail_code', mail: 'nope', verifyCode: '123456' })).msg).toBe(
      'Please enter a correct email',
    );
    expect((await post('/api/auth/login', { username: newPhone() })).msg).toBe('Please enter password');
  });

  it('registers with a password and logs in with it, by phone', async () => {
    const { phone, password } = await registerWithPassword();
    const res = await post('/api/auth/login', { loginType: '', username: phone, password });
    expect(res.code).toBe(0);
    const me = await session(res.data.access_token);
    expect(me.data.hasPassword).toBe(true);
    expect((await ledger(me.data.id)).map((r) => r.reason)).toEqual(['grant']);
  });

  it('registers and logs in by e-mail too', async () => {
    const mail = `shop.${newPhone()}@example.com`;
    const code = await requestCode(h, mail);
    expect((await post('/api/auth/register', { mobileId: mail, verifyCode: code, password: 'pass-word' })).code).toBe(0);
    expect((await post('/api/auth/login', { username: mail.toUpperCase(), password: 'pass-word' })).code).toBe(0);
  });

  it('answers the same generic error for a wrong password and an unknown account', async () => {
    const { phone } = await registerWithPassword();
    const wrong = await post('/api/auth/login', { username: phone, password: 'not-it' });
    const unknown = await post('/api/auth/login', { username: newPhone(), password: 'not-it' });
    const codeOnly = await post('/api/auth/login', { username: (await smsLogin(h)).phone, password: 'not-it' });
    for (const res of [wrong, unknown, codeOnly]) {
      expect(res.status).toBe(400);
      expect(res.msg).toBe('Wrong username or password');
      expect(res.code).toBe(wrong.code);
    }
    const zh = await h.call({ method: 'POST', url: '/api/auth/login', payload: { username: phone, password: 'x' } });
    expect(zh.msg).toBe('用户名或密码错误');
  });

  it('refuses to register an existing account, keeping the code usable', async () => {
    const { phone } = await registerWithPassword();
    const code = await requestCode(h, phone);
    const res = await post('/api/auth/register', { mobileId: phone, verifyCode: code, password: 'another-1' });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('This account is already registered, please log in');
    expect((await smsCodeLogin(phone, code)).code).toBe(0);
  });

  it('validates the register form with the spec messages', async () => {
    const res = await post('/api/auth/register', { mobileId: newPhone(), verifyCode: '123456', password: '123' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('Password needs at least 6 characters');
  });

  it('resets the password, ending every earlier session', async () => {
    const { phone, token } = await registerWithPassword();
    const other = await smsLogin(h, phone);
    const code = await requestCode(h, phone);
    const res = await post('/api/auth/reset', { mobileId: phone, verifyCode: code, password: 'brand-new-1' });
    expect(res.code).toBe(0);
    for (const old of [token, other.token]) {
      expect((await session(old)).data).toBeNull();
      expect(
        (await h.call({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${old}` } })).status,
      ).toBe(401);
    }
    expect((await session(res.data.access_token)).data.phone).toBe(phone);
    expect((await post('/api/auth/login', { username: phone, password: 'secret-123' })).msg).toBe('Wrong username or password');
    expect((await post('/api/auth/login', { username: phone, password: 'brand-new-1' })).code).toBe(0);
  });

  it('refuses to reset an unknown account', async () => {
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const res = await post('/api/auth/reset', { mobileId: phone, verifyCode: code, password: 'brand-new-1' });
    expect(res.msg).toBe('Account not found');
    expect(await h.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
  });

  it('tells whether an account exists only to the holder of a valid code', async () => {
    const { phone: existing } = await registerWithPassword();
    const unknown = newPhone();
    for (const url of ['/api/auth/register', '/api/auth/reset']) {
      const answers = [];
      for (const mobileId of [existing, unknown]) {
        const code = await requestCode(h, mobileId);
        const res = await post(url, { mobileId, verifyCode: wrongCode(code), password: 'guess-123' });
        answers.push([res.status, res.code, res.msg]);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.[2]).toBe('Please enter the correct verification code');
    }
  });

  it('logout makes the token stop working, other sessions stay', async () => {
    const { phone, auth, token } = await smsLogin(h);
    const other = await smsLogin(h, phone);
    expect((await h.call({ method: 'POST', url: '/api/auth/logout', headers: auth })).code).toBe(0);
    expect((await session(token)).data).toBeNull();
    expect((await h.call({ method: 'GET', url: '/api/user/current', headers: auth })).status).toBe(401);
    expect((await h.call({ method: 'POST', url: '/api/auth/logout', headers: auth })).status).toBe(401);
    expect((await session(other.token)).data.phone).toBe(phone);
  });

  it('gives the inviter 100 points once when someone registers through the invite link', async () => {
    const inviter = await smsLogin(h);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: inviter.auth });
    const inviteCode = new URL(current.data.user.inviterLink).searchParams.get('inviteCode')!;

    const invitee = await smsLogin(h, newPhone(), { inviteCode, referrer: 'partner-a' });
    await smsLogin(h, invitee.phone, { inviteCode });
    const other = newPhone();
    const code = await requestCode(h, other);
    await post('/api/auth/register', { mobileId: other, verifyCode: code, password: 'secret-123', inviteCode });

    const inviterId = current.data.user.id;
    const rewards = (await ledger(inviterId)).filter((r) => r.reason === 'invite_reward');
    expect(rewards.map((r) => r.delta)).toEqual([INVITE_REWARD_POINTS, INVITE_REWARD_POINTS]);
    const after = await h.call({ method: 'GET', url: '/api/user/current', headers: inviter.auth });
    expect(after.data.benefitPackage.remainBeanCount).toBe(FREE_GRANT_POINTS + 2 * INVITE_REWARD_POINTS);
    const row = await userOf(invitee.phone);
    expect(row.invited_by).toBe(inviterId);
    expect(row.referrer).toBe('partner-a');
  });

  it('attack: invitees by e-mail earn the inviter nothing until they verify a phone by SMS (issue 9 item 2)', async () => {
    const inviter = await smsLogin(h);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: inviter.auth });
    const inviteCode = new URL(current.data.user.inviterLink).searchParams.get('inviteCode')!;
    const inviterId = current.data.user.id;
    // The attack: accounts from throw-away e-mail addresses through one invite link.
    const invitees = [];
    for (let i = 0; i < 3; i++) {
      const mail = `farm.${newPhone()}@example.com`;
      const code = await requestCode(h, mail);
      const res = await post('/api/auth/login', { loginType: 'mail_code', mail, verifyCode: code, inviteCode });
      expect(res.code).toBe(0);
      invitees.push(res.data.access_token as string);
    }
    expect((await ledger(inviterId)).filter((r) => r.reason === 'invite_reward')).toHaveLength(0);
    // One of them binds a phone by SMS: now the reward is due, once.
    const phone = newPhone();
    const code = await requestCode(h, phone);
    const bound = await h.call({
      method: 'POST',
      url: '/api/settings/bind',
      headers: { authorization: `Bearer ${invitees[0]}` },
      payload: { mobileId: phone, verifyCode: code },
    });
    expect(bound.code, bound.msg).toBe(0);
    const rewards = (await ledger(inviterId)).filter((r) => r.reason === 'invite_reward');
    expect(rewards.map((r) => r.delta)).toEqual([INVITE_REWARD_POINTS]);
  });

  it(`pays one inviter at most ${INVITE_REWARD_DAILY_CAP} invite rewards a day`, async () => {
    const inviter = await smsLogin(h);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: inviter.auth });
    const inviteCode = new URL(current.data.user.inviterLink).searchParams.get('inviteCode')!;
    for (let i = 0; i < INVITE_REWARD_DAILY_CAP + 2; i++) await smsLogin(h, newPhone(), { inviteCode });
    const rewards = (await ledger(current.data.user.id)).filter((r) => r.reason === 'invite_reward');
    expect(rewards).toHaveLength(INVITE_REWARD_DAILY_CAP);
  });

  it('ignores an unknown invite code', async () => {
    const { phone } = await smsLogin(h, newPhone(), { inviteCode: 'no-such-code' });
    expect((await userOf(phone)).invited_by).toBeNull();
  });

  it('attack: wrong passwords from elsewhere do not lock the owner out (issue 9 item 5)', async () => {
    const { phone, password } = await registerWithPassword();
    const attacker = newIp();
    // The attack: ten (and more) wrong passwords for the victim's account.
    for (let i = 0; i < BACKOFF.clientAccount.free; i++)
      expect((await post('/api/auth/login', { username: phone, password: 'nope' }, attacker)).status).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await post('/api/auth/login', { username: phone, password: 'nope' }, attacker)).status).toBe(429);
    // The attacker's address backs off, even with the right password...
    expect((await post('/api/auth/login', { username: phone, password }, attacker)).status).toBe(429);
    // ...and the owner, from their own address, gets in.
    expect((await post('/api/auth/login', { username: phone, password })).code).toBe(0);
  });

  it('limits one client on one account with a 429', async () => {
    const { phone, password } = await registerWithPassword();
    const ip = newIp();
    const [limit, window] = LIMITS.loginPerClientAccount;
    const res = await insideOneWindow(window, async () => {
      for (let i = 0; i < limit; i++) expect((await post('/api/auth/login', { username: phone, password }, ip)).code).toBe(0);
      return post('/api/auth/login', { username: phone, password }, ip);
    });
    expect(res.status).toBe(429);
    expect(res.msg).toBe('Requests too frequent, try later');
  });

  it('backs off one client guessing codes over many accounts with a 429', async () => {
    const ip = newIp();
    const attempt = () => post('/api/auth/login', { loginType: 'sms_code', mobileId: newPhone(), verifyCode: '000000' }, ip);
    for (let i = 0; i < BACKOFF.client.free; i++) expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
    // Other clients still get through.
    expect((await smsCodeLogin(newPhone(), '000000')).status).toBe(400);
  });
});
