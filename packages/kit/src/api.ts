import { type ApiClient, type ApiError, clearToken, createApiClient, takeTokenFromUrl } from '@productimage/core';
import type { KeyValueStore } from './storage.ts';

export interface BrowserApiOptions {
  storage: KeyValueStore;
  /** The language server messages come back in (Accept-Language). */
  getLanguage: () => string;
  /** Origin of the API; same origin when omitted. */
  baseUrl?: string;
}

export interface BrowserApi {
  /** The typed API client (core's, with the stored token and the language). */
  api: ApiClient;
  /** Reacts to 401 answers (the token is already dropped): session stores, login prompts. */
  onUnauthorized(listener: (error: ApiError) => void): () => void;
}

/**
 * The API client of a browser front end. A token handed over in the URL (`?token=`, a referrer,
 * the mini-program, a partner host, a plugin's hand-off) is stored first and removed from the
 * address bar, so it does not linger in history or logs. A 401 drops the stored token.
 */
export function createBrowserApi(options: BrowserApiOptions): BrowserApi {
  const listeners = new Set<(error: ApiError) => void>();
  const cleaned = takeTokenFromUrl(options.storage, window.location.href);
  if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
  const api = createApiClient({
    baseUrl: options.baseUrl,
    storage: options.storage,
    getLanguage: options.getLanguage,
    onUnauthorized: (error) => {
      clearToken(options.storage);
      for (const listener of listeners) listener(error);
    },
  });
  return {
    api,
    onUnauthorized(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
