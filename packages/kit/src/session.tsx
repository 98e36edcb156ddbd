import { type ApiClient, type CurrentUser, clearToken, readToken, saveToken, type TokenResponse } from '@productimage/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { KeyValueStore } from './storage.ts';

export const CURRENT_USER_KEY = ['currentUser'] as const;

export interface KitContext {
  api: ApiClient;
  storage: KeyValueStore;
}

const Context = createContext<KitContext | null>(null);

/** Gives the kit's hooks the front end's API client and token store (web app, plugin page). */
export function KitProvider({ api, storage, children }: KitContext & { children: ReactNode }) {
  return <Context.Provider value={{ api, storage }}>{children}</Context.Provider>;
}

/** The API client and token store of the surrounding KitProvider. */
export function useKit(): KitContext {
  const kit = useContext(Context);
  if (!kit) throw new Error('useKit needs a <KitProvider> around the app');
  return kit;
}

/** Fetches the current user, benefit package and feature flags; null when anonymous (no token, or it no longer works). */
export async function fetchCurrentUser({ api, storage }: KitContext): Promise<CurrentUser | null> {
  if (!readToken(storage)) return null;
  try {
    return await api.GET('/api/user/current');
  } catch (error) {
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
}

/** The logged-in user (or null) and whether it is still loading. */
export function useSession() {
  const kit = useKit();
  const query = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => fetchCurrentUser(kit), staleTime: 30_000 });
  return { current: query.data ?? null, loading: query.isLoading, refresh: query.refetch };
}

/** Stores a fresh token (login, registration, a host's hand-off) and reloads the user. */
export function useAcceptToken() {
  const { storage } = useKit();
  const client = useQueryClient();
  return async (token: TokenResponse) => {
    saveToken(storage, token);
    await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/** Logs out on the server (the token stops working) and forgets the token locally, whatever the server said. */
export async function logOut({ api, storage }: KitContext): Promise<void> {
  try {
    await api.POST('/api/auth/logout');
  } catch {
    // the token is dropped locally whatever the server said
  }
  clearToken(storage);
}

/** Logs out (see `logOut`) and reloads everything. */
export function useLogout() {
  const kit = useKit();
  const client = useQueryClient();
  return async () => {
    await logOut(kit);
    client.setQueryData(CURRENT_USER_KEY, null);
    await client.invalidateQueries();
  };
}
