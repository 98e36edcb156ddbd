import { createI18n, type Language } from '@productimage/core';

/** Our language from the Base's (bridge.getLanguage: 'zh', 'zh-TW', 'en', 'ja', ...). */
export const pluginLanguage = (baseLanguage: string | undefined): Language =>
  (baseLanguage ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';

/** A translator for the plugin pages, every namespace of core (errors and validation too). */
export function pluginT(language: Language) {
  return createI18n(language).getFixedT(language, 'feishuPlugins');
}
