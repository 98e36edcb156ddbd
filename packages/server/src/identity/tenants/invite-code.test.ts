import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { hashShortSecret } from '../accounts/secrets.ts';
import { operatorOf } from '../operators/test-operators.test-support.ts';
import { deriveInviteCode, shanghaiDay, shanghaiDayEnd, todaysInviteCode } from './invite-code.ts';

describe('invite code derivation', () => {
  it('is six digits, stable for a day and different per referrer, day and secret', () => {
    const code = deriveInviteCode('secret', 'invite-beta', '20261121');
    expect(code).toMatch(/^\d{6}$/);
    expect(deriveInviteCode('secret', 'invite-beta', '20261121')).toBe(code);
    expect(deriveInviteCode('secret', 'travel-club', '20261121')).not.toBe(code);
    expect(deriveInviteCode('secret', 'invite-beta', '20261122')).not.toBe(code);
    expect(deriveInviteCode('other', 'invite-beta', '20261121')).not.toBe(code);
  });

  it('matches the documented recipe (HMAC-SHA256, first 4 bytes, mod 1e6)', async () => {
    const crypto = await import('node:crypto');
    const mac = crypto.createHmac('sha256', 's3cr3t').update('referrer-invite:invite-beta:20260101').digest();
    expect(deriveInviteCode('s3cr3t', 'invite-beta', '20260101')).toBe(String(mac.readUInt32BE(0) % 1e6).padStart(6, '0'));
  });

  it('changes day at midnight in Asia/Shanghai', () => {
    expect(shanghaiDay(Date.UTC(2026, 10, 20, 15, 59, 59))).toBe('20261120');
    expect(shanghaiDay(Date.UTC(2026, 10, 20, 16, 0, 0))).toBe('20261121');
    expect(shanghaiDayEnd(Date.UTC(2026, 10, 20, 10, 0, 0))).toBe(Date.UTC(2026, 10, 20, 16, 0, 0));
    expect(shanghaiDayEnd(Date.UTC(2026, 10, 20, 16, 0, 0))).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
  });
});

describeSqlite('invite codes on login and registration', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  let phoneSeq = 0;
  const newPhone = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSeq).padStart(3, '0')}`;
  const smsLogin = async (fields: Record<string, string>) => {
    const phone = newPhone();
    const now = Date.now();
    await h.ctx.db
      .insertInto('verification_codes')
      .values({
        target: phone,
        channel: 'sms',
        code_hash: hashShortSecret(h.ctx.secret, phone, '246810'),
        created_at: now,
        expires_at: now + 300_000,
        attempts: 0,
        consumed_at: null,
      })
      .execute();
    const res = await h.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { loginType: 'sms_code', mobileId: phone, verifyCode: '246810', ...fields },
    });
    return { res, phone };
  };

  it("lets a referrer's users in with today's code only", async () => {
    const code = todaysInviteCode(h.ctx, 'invite-beta');
    const right = await smsLogin({ referrer: 'invite-beta', referrerCode: code });
    expect(right.res.status).toBe(200);
    expect(right.res.data.access_token).toEqual(expect.any(String));

    const wrongCode = code === '000000' ? '000001' : '000000';
    const attempts: Array<Record<string, string>> = [
      { referrer: 'invite-beta', referrerCode: wrongCode },
      { referrer: 'invite-beta' },
      { referrer: 'invite-beta', referrerCode: deriveInviteCode(h.ctx.secret, 'invite-beta', '20200101') },
    ];
    for (const fields of attempts) {
      const wrong = await smsLogin(fields);
      expect(wrong.res.status).toBe(400);
      expect(wrong.res.code).toBe(ERRORS.inviteCodeWrong.code);
      expect(wrong.res.msg).toBe('Invite code wrong');
      // Nothing was registered and the SMS code was not used up.
      expect(await h.ctx.db.selectFrom('users').select('id').where('phone', '=', wrong.phone).executeTakeFirst()).toBeUndefined();
    }
    // Another referrer's code does not open this one.
    const crossed = await smsLogin({ referrer: 'invite-beta', referrerCode: todaysInviteCode(h.ctx, 'travel-club') });
    expect(crossed.res.code).toBe(ERRORS.inviteCodeWrong.code);
  });

  it('asks nothing of referrers without the requirement', async () => {
    expect((await smsLogin({})).res.status).toBe(200);
    expect((await smsLogin({ referrer: 'modi', referrerCode: 'garbage' })).res.status).toBe(200);
  });

  it("registers new accounts into the referrer's tenant", async () => {
    const { res, phone } = await smsLogin({ referrer: 'travel-club', referrerCode: todaysInviteCode(h.ctx, 'travel-club') });
    expect(res.status).toBe(200);
    const row = await h.ctx.db
      .selectFrom('users')
      .select(['tenant_id', 'referrer'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tenant_id: 'travel-1', referrer: 'travel-club' });
    const modi = await smsLogin({ referrer: 'modi' });
    expect(
      (await h.ctx.db.selectFrom('users').select('tenant_id').where('phone', '=', modi.phone).executeTakeFirstOrThrow())
        .tenant_id,
    ).toBe('kos');
    const plain = await smsLogin({ referrer: 'unknown-ref' });
    expect(
      (await h.ctx.db.selectFrom('users').select('tenant_id').where('phone', '=', plain.phone).executeTakeFirstOrThrow())
        .tenant_id,
    ).toBe('default');
  });

  it('checks registration with a password too', async () => {
    const phone = newPhone();
    const now = Date.now();
    await h.ctx.db
      .insertInto('verification_codes')
      .values({
        target: phone,
        channel: 'sms',
        code_hash: hashShortSecret(h.ctx.secret, phone, '135790'),
        created_at: now,
        expires_at: now + 300_000,
        attempts: 0,
        consumed_at: null,
      })
      .execute();
    const body = { mobileId: phone, verifyCode: '135790', password: 'secret-pass', referrer: 'invite-beta' };
    const wrong = await h.call({ method: 'POST', url: '/api/auth/register', payload: { ...body, referrerCode: 'x' } });
    expect(wrong.code).toBe(ERRORS.inviteCodeWrong.code);
    const right = await h.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, referrerCode: todaysInviteCode(h.ctx, 'invite-beta') },
    });
    expect(right.status).toBe(200);
  });

  it('pauses a caller after too many wrong codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.call({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.9',
        payload: {
          loginType: 'sms_code',
          mobileId: newPhone(),
          verifyCode: '000000',
          referrer: 'invite-beta',
          referrerCode: String(100000 + i),
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("shows operators today's code for their tenant's referrers only", async () => {
    const op = await operatorOf(h, 'default');
    const res = await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=invite-beta', headers: op.auth });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      referrer: 'invite-beta',
      day: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/),
      code: todaysInviteCode(h.ctx, 'invite-beta'),
      validUntil: shanghaiDayEnd(),
    });
    // travel-club belongs to travel-1.
    expect(
      (await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=travel-club', headers: op.auth })).status,
    ).toBe(404);
    const travelOp = await operatorOf(h, 'travel-1');
    const travel = await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=travel-club', headers: travelOp.auth });
    expect(travel.data.code).toBe(todaysInviteCode(h.ctx, 'travel-club'));
    expect(
      (await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=invite-beta', headers: travelOp.auth })).status,
    ).toBe(404);
    expect(
      (await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=invite-beta', headers: (await h.user()).auth }))
        .status,
    ).toBe(403);
    // A referrer without the requirement has no code.
    expect(
      (await h.call({ method: 'GET', url: '/api/operator/invite-code?referrer=partner-demo', headers: op.auth })).status,
    ).toBe(400);
  });
});
