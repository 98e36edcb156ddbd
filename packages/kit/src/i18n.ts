import { type Language, readLanguage, resources, saveLanguage } from '@productimage/core';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { KeyValueStore } from './storage.ts';

export interface KitI18n {
  i18n: I18n;
  currentLanguage(): Language;
  /** Switches the language, stores the choice and updates <html lang>. */
  setLanguage(language: Language): void;
}

/**
 * An i18next instance with every namespace from core (zh and en), the stored language (Chinese
 * when nothing is stored) and <html lang> kept in step.
 */
export function createI18n(storage: KeyValueStore): KitI18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources,
    lng: readLanguage(storage),
    fallbackLng: 'zh',
    defaultNS: 'common',
    ns: Object.keys(resources.zh),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = i18n.language;
  return {
    i18n,
    currentLanguage: () => (i18n.language === 'en' ? 'en' : 'zh'),
    setLanguage(language) {
      saveLanguage(storage, language);
      void i18n.changeLanguage(language);
      document.documentElement.lang = language;
    },
  };
}

/** The provider that gives the kit's components (the login modal) an i18n instance, e.g. one per Base language. */
export { I18nextProvider } from 'react-i18next';
