import { createI18n } from '@productimage/kit';

/** The app's i18next instance (kit set-up: every namespace from core, language stored locally). */
export const { i18n, currentLanguage, setLanguage } = createI18n(localStorage);
