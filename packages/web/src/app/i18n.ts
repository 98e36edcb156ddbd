import { type Language, readLanguage, resources, saveLanguage } from '@productimage/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The app's i18next instance: every namespace from core, language stored locally. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: readLanguage(localStorage),
  fallbackLng: 'zh',
  defaultNS: 'common',
  ns: Object.keys(resources.zh),
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'zh');

/** Switches the language, stores the choice and updates <html lang>. */
export function setLanguage(language: Language) {
  saveLanguage(localStorage, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
