import { createI18n } from '@productimage/kit';
import { FIRST_SCREEN_NAMESPACES } from './i18nFirstScreen.ts';

export { FIRST_SCREEN_ROUTES } from './i18nFirstScreen.ts';

const HOME_PATHS = ['/productimage', '/productimage/home'];
const opensOnHome = HOME_PATHS.includes(window.location.pathname.replace(/\/+$/, ''));

/**
 * The app's i18next instance (kit set-up: the stored language only, loaded on demand). Opened on the
 * home page, the first render waits for the first screen's namespaces only and the rest follow;
 * opened on any other page, it waits for all of them, as that page would anyway (the shell may title
 * it from its own namespace). docs/performance.md "i18n on demand".
 */
export const { i18n, currentLanguage, setLanguage, ready, loadAll } = createI18n(localStorage, {
  first: opensOnHome ? FIRST_SCREEN_NAMESPACES : undefined,
});

/** A lazy import that resolves once every namespace of the current language is loaded too. */
export function afterI18n<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAll()]).then(([module]) => module);
}
