import { STORAGE_KEYS } from '../constants/limits.ts';

export interface StoredToken {
  token_type: string;
  access_token: string;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The token stored under USER_TOKEN, if any and well-formed. */
export function readToken(store: KeyValueStore | undefined): StoredToken | null {
  const raw = store?.getItem(STORAGE_KEYS.token);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof parsed.access_token === 'string' && parsed.access_token) {
      return { token_type: parsed.token_type || 'bearer', access_token: parsed.access_token };
    }
  } catch {
    // a corrupt value is treated as logged out
  }
  return null;
}

/** Stores the token under USER_TOKEN. */
export function saveToken(store: KeyValueStore | undefined, token: StoredToken): void {
  store?.setItem(STORAGE_KEYS.token, JSON.stringify({ token_type: token.token_type, access_token: token.access_token }));
}

/** Forgets the stored token. */
export function clearToken(store: KeyValueStore | undefined): void {
  store?.removeItem(STORAGE_KEYS.token);
}

/** Query parameters that may carry a token handed over by a host page or a referrer. */
export const TOKEN_QUERY_PARAMS = ['token', 'access_token'] as const;

/**
 * Takes a token passed in the URL query, stores it, and returns the URL without it so the caller
 * can replace the address bar (tokens must not stay in URLs that get logged or shared).
 * Returns null when the URL carries no token.
 */
export function takeTokenFromUrl(store: KeyValueStore | undefined, href: string): string | null {
  const url = new URL(href);
  let found: string | null = null;
  for (const name of TOKEN_QUERY_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) found = value;
    url.searchParams.delete(name);
  }
  if (!found) return null;
  saveToken(store, { token_type: 'bearer', access_token: found.replace(/^bearer\s+/i, '') });
  return url.toString();
}
