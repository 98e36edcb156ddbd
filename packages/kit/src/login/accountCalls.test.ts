import { type ApiClient, DEFAULT_CLIENT_ID } from '@productimage/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, submitAccount } from './accountCalls.ts';

/** What the login modal sends: the API client records the call instead of making it. */
function recordingApi() {
  const calls: Array<{ path: string; form: Record<string, string>; contentType: string }> = [];
  const api = {
    POST: async (path: string, init: { body: Record<string, string>; headers: Record<string, string> }) => {
      calls.push({ path, form: init.body, contentType: init.headers['Content-Type'] ?? '' });
      return { token_type: 'bearer', access_token: 't' };
    },
  } as unknown as ApiClient;
  return { api, calls };
}

const plain = { miniProgram: false, referrer: null, host: 'studio.example.com' };

describe('the login modal’s account calls (web app and Base extensions alike)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {
      location: { origin: 'https://studio.example.com', pathname: '/productimage/feishu-plugins/auth/' },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs in with the product’s client id and this page as the redirect, as form data', async () => {
    const { api, calls } = recordingApi();
    await login(
      api,
      { loginType: '', account: 'a@b.cn', password: 'secret123' },
      { channel: plain, query: new URLSearchParams() },
    );
    expect(calls).toEqual([
      {
        path: '/api/auth/login',
        contentType: 'application/x-www-form-urlencoded',
        form: {
          response_type: 'token',
          client_id: DEFAULT_CLIENT_ID,
          redirect_uri: 'https://studio.example.com/productimage/feishu-plugins/auth/',
          loginType: '',
          username: 'a@b.cn',
          password: 'secret123',
        },
      },
    ]);
  });

  it('passes on a partner’s client id, the invite code, the referrer and, in a mini-program, its host', async () => {
    const { api, calls } = recordingApi();
    const query = new URLSearchParams('client_id=partner&redirect_uri=https://shop.example/back&inviteCode=X7');
    const channel = { miniProgram: true, referrer: 'travel-club', host: 'mp.example.com' };
    await login(api, { loginType: 'sms_code', account: '13800000000', verifyCode: '123456' }, { channel, query });
    await submitAccount(
      api,
      'register',
      { mobileId: '13800000001', verifyCode: '654321', password: 'secret123' },
      { channel, query },
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/login', '/api/auth/register']);
    for (const { form } of calls)
      expect(form).toMatchObject({
        client_id: 'partner',
        redirect_uri: 'https://shop.example/back',
        inviteCode: 'X7',
        referrer: 'travel-club',
        reqHost: 'mp.example.com',
      });
    expect(calls[0]?.form).toMatchObject({ loginType: 'sms_code', mobileId: '13800000000', verifyCode: '123456' });
    expect(calls[1]?.form).toMatchObject({ mobileId: '13800000001', verifyCode: '654321', password: 'secret123' });
  });
});
