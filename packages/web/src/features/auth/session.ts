import { type CurrentUser, clearToken, readToken, saveToken, type TokenResponse } from '@productimage/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export const CURRENT_USER_KEY = ['currentUser'] as const;

/** Fetches the current user, benefit package and feature flags; null when anonymous. */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!readToken(localStorage)) return null;
  try {
    return await api.GET('/api/user/current');
  } catch (error) {
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
}

/** The logged-in user (or null) and whether it is still loading. */
export function useSession() {
  const query = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, staleTime: 30_000 });
  return { current: query.data ?? null, loading: query.isLoading, refresh: query.refetch };
}

/** Stores a fresh token and reloads the user. */
export function useAcceptToken() {
  const client = useQueryClient();
  return async (token: TokenResponse) => {
    saveToken(localStorage, token);
    await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

/** Logs out on the server (the token stops working), forgets it locally and reloads the user. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    try {
      await api.POST('/api/auth/logout');
    } catch {
      // the token is dropped locally whatever the server said
    }
    clearToken(localStorage);
    client.setQueryData(CURRENT_USER_KEY, null);
    await client.invalidateQueries();
  };
}
