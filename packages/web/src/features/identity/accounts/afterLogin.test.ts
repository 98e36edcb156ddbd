import { describe, expect, it } from 'vitest';
import { afterLogin, isMarketingSuitePath, reloadUrl } from './afterLogin.ts';

describe('after login', () => {
  it('recognises the marketing-suite paths and nothing else', () => {
    for (const path of [
      '/mott',
      '/mott-idea',
      '/MoTT2',
      '/content-hotspot',
      '/content-calendar',
      '/hotspot-publisher',
      '/marketing-hotspot',
    ]) {
      expect(isMarketingSuitePath(path), path).toBe(true);
    }
    for (const path of ['/', '/home', '/member', '/ai-cutout', '/modi-content', '/rewrite-text', '/kos-persona']) {
      expect(isMarketingSuitePath(path), path).toBe(false);
    }
  });

  it('reloads ordinary pages and stays on marketing-suite pages', () => {
    expect(afterLogin({ pathname: '/ai-cutout', miniProgram: false, personaSet: false })).toEqual({ kind: 'reload' });
    expect(afterLogin({ pathname: '/mott-content', miniProgram: false, personaSet: false })).toEqual({ kind: 'stay' });
  });

  it('sends a mini-program user without the persona flag to the persona page', () => {
    expect(afterLogin({ pathname: '/home', miniProgram: true, personaSet: false })).toEqual({
      kind: 'navigate',
      to: '/kos-persona?time=1',
    });
    expect(afterLogin({ pathname: '/home', miniProgram: true, personaSet: true })).toEqual({ kind: 'reload' });
  });

  it('drops the flags that open the login modal before reloading, keeping the rest', () => {
    expect(reloadUrl('http://x/productimage/ai-cutout?login=1&referrer=modi')).toBe(
      'http://x/productimage/ai-cutout?referrer=modi',
    );
    expect(reloadUrl('http://x/productimage/?inviteCode=abc&loginType=register')).toBe('http://x/productimage/');
    expect(reloadUrl('http://x/productimage/home?error')).toBe('http://x/productimage/home');
  });
});
