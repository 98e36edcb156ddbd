import { type ApiError, clearToken, createApiClient, takeTokenFromUrl } from '@productimage/core';
import { currentLanguage } from './i18n.ts';

type UnauthorizedListener = (error: ApiError) => void;
const listeners = new Set<UnauthorizedListener>();

/** Reacts to 401 answers (the session store drops the user; guarded pages open the login modal). */
export function onUnauthorized(listener: UnauthorizedListener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A token handed over in the URL (referrer, mini-program, partner host) is stored, then removed
// from the address bar so it does not linger in history or logs.
const cleaned = takeTokenFromUrl(localStorage, window.location.href);
if (cleaned) window.history.replaceState(window.history.state, '', cleaned);

/** The one API client of the web app. */
export const api = createApiClient({
  storage: localStorage,
  getLanguage: currentLanguage,
  onUnauthorized: (error) => {
    clearToken(localStorage);
    for (const listener of listeners) listener(error);
  },
});
