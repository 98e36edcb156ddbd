import { describe, expect, it } from 'vitest';
import { pluginLanguage } from './i18n.ts';
import { semiLocaleOf } from './semi-locale.ts';

describe("Semi UI's built-in strings follow the Base's language", () => {
  it('an English Base gets English modal buttons and pagination', () => {
    const locale = semiLocaleOf(pluginLanguage('en-US'));
    expect(locale.code).toBe('en-US');
    expect(locale.Modal.confirm).toBe('Confirm');
    expect(locale.Pagination.jumpTo).toBe('Jump to');
  });

  it('a Chinese Base (zh, zh-TW) gets Chinese ones; other languages fall back to English like the plugin texts', () => {
    expect(semiLocaleOf(pluginLanguage('zh')).Modal.confirm).toBe('确定');
    expect(semiLocaleOf(pluginLanguage('zh-TW')).code).toBe('zh-CN');
    expect(semiLocaleOf(pluginLanguage('ja')).code).toBe('en-US');
  });
});
