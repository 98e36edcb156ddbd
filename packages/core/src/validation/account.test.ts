import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createI18n, type Language } from '../i18n/index.ts';
import {
  accountKind,
  codeSchema,
  emailSchema,
  firstIssueKey,
  isPhone,
  mobileIdSchema,
  passwordSchema,
  phoneSchema,
  registerFormSchema,
} from './account.ts';

const i18n = { en: createI18n('en'), zh: createI18n('zh') };
/** The message a user sees for a value, or null when it is valid. */
function messageOf(schema: z.ZodType, value: unknown, lang: Language = 'en'): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (i18n[lang].t(firstIssueKey(result.error)) as string);
}

describe('phone rule (spec 000 §5: 1, a digit, 9 more digits)', () => {
  it('accepts 11 digits starting with 1', () => {
    fc.assert(fc.property(fc.stringMatching(/^1\d{10}$/), (phone) => isPhone(phone) && messageOf(phoneSchema, phone) === null));
  });

  it('rejects anything else', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^1\d{10}$/.test(s.trim())),
        (value) => !isPhone(value) && messageOf(phoneSchema, value) !== null,
      ),
    );
    for (const value of ['23800138000', '1380013800', '138001380001', '1380013800a', '+8613800138000'])
      expect(messageOf(phoneSchema, value)).toBe('Please enter a correct phone number');
  });

  it('asks for the phone when empty, in both languages', () => {
    expect(messageOf(phoneSchema, '')).toBe('Please enter phone number');
    expect(messageOf(phoneSchema, '   ')).toBe('Please enter phone number');
    expect(messageOf(phoneSchema, undefined)).toBe('Please enter phone number');
    expect(messageOf(phoneSchema, '', 'zh')).toBe('请输入手机号');
    expect(messageOf(phoneSchema, '2', 'zh')).toBe('请输入正确的手机号');
  });

  it('ignores surrounding spaces', () => {
    expect(phoneSchema.parse(' 13800138000 ')).toBe('13800138000');
  });
});

describe('e-mail rule', () => {
  it('accepts an address and rejects malformed ones', () => {
    expect(messageOf(emailSchema, 'buyer@shop.example.com')).toBeNull();
    for (const value of ['buyer', 'buyer@shop', '@shop.com', 'a b@shop.com', 'buyer@.com'])
      expect(messageOf(emailSchema, value)).toBe('Please enter a correct email');
    expect(messageOf(emailSchema, '')).toBe('Please enter your email');
    expect(messageOf(emailSchema, 'x', 'zh')).toBe('请输入正确的邮箱');
  });
});

describe('phone-or-e-mail field', () => {
  it('tells which kind an account is', () => {
    expect(accountKind('13800138000')).toBe('phone');
    expect(accountKind('a@b.cn')).toBe('email');
    expect(accountKind('hello')).toBeNull();
  });

  it('has its own message', () => {
    expect(messageOf(mobileIdSchema, '13800138000')).toBeNull();
    expect(messageOf(mobileIdSchema, 'a@b.cn')).toBeNull();
    expect(messageOf(mobileIdSchema, '12345')).toBe('Please enter a correct phone number/email');
    expect(messageOf(mobileIdSchema, '', 'zh')).toBe('请输入正确的手机号/邮箱');
  });
});

describe('verification code rule (exactly 6 digits)', () => {
  it('accepts 6 digits only', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{6}$/), (code) => messageOf(codeSchema, code) === null));
    for (const value of ['', '12345', '1234567', '12345a', 'abcdef'])
      expect(messageOf(codeSchema, value)).toBe('Please enter the correct verification code');
    expect(messageOf(codeSchema, '1', 'zh')).toBe('请输入正确的验证码');
  });
});

describe('password and register form', () => {
  it('requires a password of 6 to 64 characters', () => {
    expect(messageOf(passwordSchema, '')).toBe('Please enter password');
    expect(messageOf(passwordSchema, '12345')).toBe('Password needs at least 6 characters');
    expect(messageOf(passwordSchema, '123456')).toBeNull();
    expect(messageOf(passwordSchema, 'x'.repeat(64))).toBeNull();
    expect(messageOf(passwordSchema, 'x'.repeat(65))).toBe('Password can have at most 64 characters');
  });

  it('needs both passwords to match, unless there is a single field (mobile)', () => {
    const form = { mobileId: '13800138000', verifyCode: '123456', password: 'secret-1' };
    expect(messageOf(registerFormSchema, { ...form, confirmPassword: 'secret-2' })).toBe('The two passwords do not match');
    expect(messageOf(registerFormSchema, { ...form, confirmPassword: 'secret-2' }, 'zh')).toBe('两次密码输入不一致');
    const mismatch = registerFormSchema.safeParse({ ...form, confirmPassword: 'secret-2' });
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(messageOf(registerFormSchema, { ...form, confirmPassword: 'secret-1' })).toBeNull();
    expect(messageOf(registerFormSchema, form)).toBeNull();
  });

  it('requires phone, code and password', () => {
    expect(messageOf(registerFormSchema, { mobileId: '', verifyCode: '123456', password: 'secret-1' })).toBe(
      'Please enter phone number',
    );
    expect(messageOf(registerFormSchema, { mobileId: '13800138000', verifyCode: '', password: 'secret-1' })).toBe(
      'Please enter the correct verification code',
    );
    expect(messageOf(registerFormSchema, { mobileId: '13800138000', verifyCode: '123456', password: '' })).toBe(
      'Please enter password',
    );
  });
});

describe('spec 000 §8 messages', () => {
  it.each([
    ['errors:wrongCredentials', 'Wrong username or password', '用户名或密码错误'],
    ['errors:captchaFailed', 'Verification failed, retry', '验证失败，请重试'],
    ['errors:tooManyRequests', 'Requests too frequent, try later', '请求过于频繁，请稍后再试'],
    ['errors:inviteCodeWrong', 'Invite code wrong', '邀请码错误'],
    ['validation:agreementRequired', 'Please read and tick the agreement', '请阅读并勾选协议'],
  ])('%s', (key, en, zh) => {
    expect(i18n.en.t(key)).toBe(en);
    expect(i18n.zh.t(key)).toBe(zh);
  });
});
