import { resources } from '@productimage/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { memoryStorage } from './storage.ts';

// The kit runs in a browser; these tests need only <html lang>.
const html = { lang: '' };
(globalThis as { document?: unknown }).document = { documentElement: html };

const NAMESPACES = Object.keys(resources.zh);
const loaded = (kit: ReturnType<typeof createI18n>, language: string) =>
  NAMESPACES.filter((ns) => kit.i18n.hasResourceBundle(language, ns));

function setUp(stored?: 'zh' | 'en', first: ('common' | 'home' | 'shell')[] = ['common', 'home']) {
  const storage = memoryStorage();
  if (stored) storage.setItem('language', stored);
  const reports: string[] = [];
  const kit = createI18n(storage, { first, onMissingKey: (report) => reports.push(report) });
  return { kit, storage, reports };
}

describe('kit i18n, loaded on demand', () => {
  beforeEach(() => {
    html.lang = '';
  });

  it('is ready with the first namespaces of the stored language alone; the rest of that language follows', async () => {
    const { kit } = setUp('en');
    expect(kit.currentLanguage()).toBe('en');
    expect(html.lang).toBe('en');
    await kit.ready;
    expect(kit.i18n.t('home:heroTitle')).toBe(resources.en.home.heroTitle);
    expect(loaded(kit, 'zh')).toEqual([]);
    await kit.loadAll();
    expect(loaded(kit, 'en')).toEqual(NAMESPACES);
    expect(loaded(kit, 'zh')).toEqual([]);
    expect(kit.i18n.t('auth:subtitle')).toBe(resources.en.auth.subtitle);
  });

  it('reports a key that shows raw, but not an absent key that brings its own default', async () => {
    const { kit, reports } = setUp();
    await kit.ready;
    expect(kit.i18n.t('home:noSuchKey')).toBe('noSuchKey');
    expect(kit.i18n.t('home:noSuchKey2', { defaultValue: 'fine' })).toBe('fine');
    expect(reports).toEqual(['i18n: missing key "home:noSuchKey" (zh)']);
    await kit.loadAll();
    expect(kit.i18n.t('common:appName')).toBe(resources.zh.common.appName);
    expect(reports).toHaveLength(1);
  });

  it('reports a key whose namespace is not loaded yet', async () => {
    const storage = memoryStorage();
    const reports: string[] = [];
    const kit = createI18n(storage, { first: ['common'], onMissingKey: (report) => reports.push(report) });
    await kit.ready;
    // The rest of the language has only started loading.
    expect(kit.i18n.t('auth:subtitle')).toBe('subtitle');
    expect(reports).toEqual(['i18n: namespace not loaded yet for key "auth:subtitle" (zh)']);
    await kit.loadAll();
    expect(kit.i18n.t('auth:subtitle')).toBe(resources.zh.auth.subtitle);
  });

  it('loads a language before switching to it, so the old one shows until then', async () => {
    const { kit, storage } = setUp('zh');
    await kit.loadAll();
    const switching = kit.setLanguage('en');
    expect(storage.getItem('language')).toBe('en');
    expect(kit.currentLanguage()).toBe('zh');
    expect(kit.i18n.t('home:heroTitle')).toBe(resources.zh.home.heroTitle);
    await switching;
    expect(kit.currentLanguage()).toBe('en');
    expect(html.lang).toBe('en');
    expect(loaded(kit, 'en')).toEqual(NAMESPACES);
    expect(kit.i18n.t('auth:subtitle')).toBe(resources.en.auth.subtitle);
  });

  it('takes a language chosen before it is ready (an embed parameter) as the only one it loads', async () => {
    const { kit } = setUp('zh');
    void kit.setLanguage('en');
    await kit.ready;
    expect(kit.currentLanguage()).toBe('en');
    expect(kit.i18n.t('home:heroTitle')).toBe(resources.en.home.heroTitle);
    await kit.loadAll();
    expect(loaded(kit, 'zh')).toEqual([]);
  });
});
