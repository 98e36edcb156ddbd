import { type Language, type Namespace, readLanguage, saveLanguage } from '@productimage/core';
import { loaders, NAMESPACES } from '@productimage/core/i18n/loaders';
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { KeyValueStore } from './storage.ts';

export interface KitI18n {
  i18n: I18n;
  currentLanguage(): Language;
  /**
   * Loads the language's namespaces, then switches to it (so no raw key shows in between), stores
   * the choice and updates <html lang>. Before `ready` it only changes the language `ready` loads.
   */
  setLanguage(language: Language): Promise<void>;
  /** Resolves once the first namespaces of the current language are loaded: render after it. */
  ready: Promise<void>;
  /**
   * Resolves once every namespace of the current language is loaded (they start loading right after
   * `ready`): code loaded later (a lazy page) waits for it, so it never meets an unloaded namespace.
   */
  loadAll(): Promise<void>;
}

export interface KitI18nOptions {
  /** The namespaces `ready` waits for (what the first screen shows); default every namespace. */
  first?: readonly Namespace[];
  /** Told about every key that shows raw (missing, or its namespace not loaded yet); default console.error. */
  onMissingKey?: (report: string) => void;
  /** Loaded with each language before it shows, alongside its namespaces (e.g. a UI library's own locale). */
  withLanguage?: (language: Language) => Promise<unknown>;
}

/**
 * An i18next instance over core's strings, loaded on demand: one language (the stored one, Chinese
 * when nothing is stored), the `first` namespaces before `ready`, the others right after; <html
 * lang> kept in step. Each namespace of each language is its own small chunk
 * (@productimage/core/i18n/loaders); the server and the Base plugins use core's synchronous
 * `createI18n` instead.
 */
export function createI18n(storage: KeyValueStore, options: KitI18nOptions = {}): KitI18n {
  const { first = NAMESPACES, onMissingKey = (report) => console.error(report), withLanguage = async () => {} } = options;
  let wanted = readLanguage(storage);
  document.documentElement.lang = wanted;

  const i18n = i18next
    .createInstance()
    .use(resourcesToBackend((language: string, ns: string) => loaders[language as Language]?.[ns as Namespace]?.()))
    .use(initReactI18next);

  const change = async (language: Language) => {
    await Promise.all([i18n.loadLanguages(language), withLanguage(language)]);
    await i18n.changeLanguage(language);
    document.documentElement.lang = i18n.language;
  };
  // Starts once the modules that imported this one have run, so a language chosen meanwhile (an
  // embed's language parameter) is the first and only one loaded.
  const ready = Promise.resolve()
    .then(() =>
      Promise.all([
        withLanguage(wanted),
        i18n.init({
          lng: wanted,
          // No fallback language: it would load the other language too (core's tests keep both with the same keys).
          fallbackLng: false,
          supportedLngs: ['zh', 'en'],
          ns: [...first],
          defaultNS: 'common',
          interpolation: { escapeValue: false },
          // Only to report keys that show raw; nothing is sent anywhere.
          saveMissing: true,
          missingKeyHandler: (languages, ns, key, _fallback, _update, tOptions) => {
            const loaded = i18n.hasLoadedNamespace(ns);
            // A key with its own default value may be absent on purpose (e.g. an optional description).
            if (loaded && (tOptions as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
            onMissingKey(
              `i18n: ${loaded ? 'missing key' : 'namespace not loaded yet for key'} "${ns}:${key}" (${[languages].flat().join(', ')})`,
            );
          },
        }),
      ]),
    )
    .then(async () => {
      if (i18n.language !== wanted) await change(wanted);
      document.documentElement.lang = i18n.language;
    });
  const loadAll = () => ready.then(() => i18n.loadNamespaces(NAMESPACES));
  void loadAll();

  return {
    i18n,
    ready,
    loadAll,
    // What shows: during a switch the old language until the new one is loaded.
    currentLanguage: () => ((i18n.language || wanted) === 'en' ? 'en' : 'zh'),
    async setLanguage(language) {
      saveLanguage(storage, language);
      wanted = language;
      await ready;
      if (wanted === language && i18n.language !== language) await change(language);
    },
  };
}

/** The provider that gives the kit's components (the login modal) an i18n instance, e.g. one per Base language. */
export { I18nextProvider } from 'react-i18next';
