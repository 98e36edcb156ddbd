import en_US from '@douyinfe/semi-ui-19/lib/es/locale/source/en_US';
import zh_CN from '@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN';
import type { Language } from '@productimage/core';

/**
 * Semi UI's own strings (modal buttons, empty states, pickers, pagination) in the Base's language,
 * as the web app does (packages/web/src/app/App.tsx). Only the lazy login chunk imports this, so the
 * extensions' first load stays free of Semi.
 */
export const semiLocaleOf = (language: Language) => (language === 'en' ? en_US : zh_CN);
