import { ApiError, CLIENT_ERROR } from '@productimage/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorText } from './errorText.ts';
import { safeStorage } from './storage.ts';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('errorText', () => {
  it("shows the server's translated message, and the network or time-out text when no answer came", () => {
    expect(errorText(new ApiError(2001, 'Wrong username or password', 400), t)).toBe('Wrong username or password');
    expect(errorText(new ApiError(CLIENT_ERROR.timeout, 'timeout', 0), t)).toBe('[common:timeout]');
    expect(errorText(new ApiError(CLIENT_ERROR.network, 'TypeError: fetch failed', 0), t)).toBe('[common:networkError]');
    expect(errorText(new Error('boom'), t)).toBe('[common:networkError]');
  });
});

describe('safeStorage', () => {
  it('keeps values in memory where the browser offers no storage', () => {
    const store = safeStorage();
    store.setItem('USER_TOKEN', 'x');
    expect(store.getItem('USER_TOKEN')).toBe('x');
    store.removeItem('USER_TOKEN');
    expect(store.getItem('USER_TOKEN')).toBeNull();
  });
});
