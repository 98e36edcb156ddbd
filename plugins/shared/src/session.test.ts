import { ApiError, CLIENT_ERROR, ERRORS, resources } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { bindingKey, explainError, pluginErrorText } from './session.ts';
import { pluginLanguage, pluginT } from './ui/i18n.ts';

describe('plugins: shared session and language', () => {
  it('explains login, points, network and unavailable errors in the Base’s language', () => {
    const t = pluginT('en');
    const say = (error: unknown) => pluginErrorText(error, t);
    expect(say(new ApiError(ERRORS.unauthorized.code, 'x', 401))).toBe('Your login has expired, please log in again');
    expect(say(new ApiError(ERRORS.notEnoughCoins.code, 'Not Enough Gold Coins', 402))).toBe(
      'Not enough coins: Not Enough Gold Coins Top up on the web app and try again.',
    );
    expect(say(new ApiError(CLIENT_ERROR.network, 'fetch failed', 0))).toBe('Network error, please try again later');
    expect(say(new ApiError(ERRORS.notConfigured.code, 'No engine', 503))).toBe('Not available: No engine');
    expect(say(new Error('field not found error'))).toBe('Failed: field not found error');
    expect(pluginT('zh')(explainError(new ApiError(1001, 'x', 401))!.key)).toBe('登录已失效，请重新登录');
  });

  it('takes zh for every Chinese Base language and en for the others', () => {
    expect(['zh', 'zh-TW', 'zh-HK', 'en', 'ja', undefined].map(pluginLanguage)).toEqual(['zh', 'zh', 'zh', 'en', 'en', 'en']);
  });

  it('keeps one binding record per tenant and Base user', () => {
    const host = { baseUserId: 'ou_1', tenantKey: 'tk', language: 'zh', theme: 'LIGHT' as const };
    expect(bindingKey(host)).toBe('binding:tk:ou_1');
    expect(bindingKey({ ...host, baseUserId: 'ou_2' })).not.toBe(bindingKey(host));
  });

  it('has every extension text in Chinese and English', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value
        ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    const zh = keys(resources.zh.feishuPlugins).sort();
    expect(keys(resources.en.feishuPlugins).sort()).toEqual(zh);
    expect(zh.length).toBeGreaterThan(100);
  });
});
