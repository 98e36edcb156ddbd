import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../constants/limits.ts';
import { memoryStore } from './test-store.ts';
import { clearToken, readToken, saveToken, takeTokenFromUrl } from './token.ts';

describe('token storage', () => {
  it('stores the token under USER_TOKEN as { token_type, access_token }', () => {
    const store = memoryStore();
    saveToken(store, { token_type: 'bearer', access_token: 'abc' });
    expect(JSON.parse(store.map.get('USER_TOKEN')!)).toEqual({ token_type: 'bearer', access_token: 'abc' });
    expect(readToken(store)).toEqual({ token_type: 'bearer', access_token: 'abc' });
    clearToken(store);
    expect(store.map.has(STORAGE_KEYS.token)).toBe(false);
    expect(readToken(store)).toBeNull();
  });

  it('treats missing, corrupt or empty values as logged out', () => {
    expect(readToken(undefined)).toBeNull();
    expect(readToken(memoryStore({ USER_TOKEN: 'not json' }))).toBeNull();
    expect(readToken(memoryStore({ USER_TOKEN: '{"access_token":""}' }))).toBeNull();
    expect(readToken(memoryStore({ USER_TOKEN: '{"access_token":42}' }))).toBeNull();
  });

  it('defaults the token type to bearer', () => {
    expect(readToken(memoryStore({ USER_TOKEN: '{"access_token":"t"}' }))).toEqual({ token_type: 'bearer', access_token: 't' });
  });
});

describe('token passed in the URL', () => {
  it('is stored and removed from the address, other parameters kept', () => {
    const store = memoryStore();
    const cleaned = takeTokenFromUrl(store, 'https://shop.example/productimage/home?token=t1&loginType=register#top');
    expect(cleaned).toBe('https://shop.example/productimage/home?loginType=register#top');
    expect(readToken(store)?.access_token).toBe('t1');
  });

  it('accepts access_token and a "Bearer " prefix', () => {
    const store = memoryStore();
    expect(takeTokenFromUrl(store, 'https://a.example/?access_token=Bearer%20t2')).toBe('https://a.example/');
    expect(readToken(store)).toEqual({ token_type: 'bearer', access_token: 't2' });
  });

  it('leaves the stored token alone when the URL carries none', () => {
    const store = memoryStore({ USER_TOKEN: '{"token_type":"bearer","access_token":"old"}' });
    expect(takeTokenFromUrl(store, 'https://a.example/?token=')).toBeNull();
    expect(takeTokenFromUrl(store, 'https://a.example/home')).toBeNull();
    expect(readToken(store)?.access_token).toBe('old');
  });
});
