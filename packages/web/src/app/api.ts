import { createBrowserApi } from '@productimage/kit';
import { currentLanguage } from './i18n.ts';

/**
 * The one API client of the web app (kit set-up: a token handed over in the URL is stored and
 * removed from the address bar; a 401 drops the token). `onUnauthorized` lets the session store
 * drop the user and guarded pages open the login modal.
 */
export const { api, onUnauthorized } = createBrowserApi({ storage: localStorage, getLanguage: currentLanguage });
