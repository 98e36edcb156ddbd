import type { Locale } from '@douyinfe/semi-ui-19/lib/es/locale/interface.js';
import type { Language } from '@productimage/core';
import { createI18n } from '@productimage/kit';
import { FIRST_SCREEN_NAMESPACES } from './i18nFirstScreen.ts';

export { FIRST_SCREEN_ROUTES } from './i18nFirstScreen.ts';

const HOME_PATHS = ['/productimage', '/productimage/home'];
const opensOnHome = HOME_PATHS.includes(window.location.pathname.replace(/\/+$/, ''));

// Semi UI's own strings (date pickers, pagination...), one language at a time like ours. Its ES
// build has no "type": "module", so TypeScript's NodeNext (the tests' tsconfig) reads it as CommonJS:
// the module's shape is stated here.
const esModule = (load: Promise<unknown>) => load as Promise<{ default: Locale }>;
const SEMI_LOCALES = {
  zh: () => esModule(import('@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN.js')),
  en: () => esModule(import('@douyinfe/semi-ui-19/lib/es/locale/source/en_US.js')),
};
const semiLocales: Partial<Record<Language, Locale>> = {};
async function loadSemiLocale(language: Language) {
  semiLocales[language] ??= (await SEMI_LOCALES[language]()).default;
}
/** Semi UI's locale for a language shown (loaded with it, before it shows). */
export const semiLocaleOf = (language: string): Locale => semiLocales[language === 'en' ? 'en' : 'zh']!;

/**
 * The app's i18next instance (kit set-up: the stored language only, loaded on demand). Opened on the
 * home page, the first render waits for the first screen's namespaces only and the rest follow;
 * opened on any other page, it waits for all of them, as that page would anyway (the shell may title
 * it from its own namespace). docs/performance.md "i18n on demand".
 */
export const { i18n, currentLanguage, setLanguage, ready, loadAll } = createI18n(localStorage, {
  first: opensOnHome ? FIRST_SCREEN_NAMESPACES : undefined,
  withLanguage: loadSemiLocale,
});

/** A lazy import that resolves once every namespace of the current language is loaded too. */
export function afterI18n<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAll()]).then(([module]) => module);
}
