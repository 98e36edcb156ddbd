import { ApiError, CLIENT_ERROR, clearToken, ERRORS, type Language, readToken } from '@productimage/core';
import { createBrowserApi, type KeyValueStore, safeStorage } from '@productimage/kit';
import { HostCallError } from './base/host.ts';
import type { BaseAdapter, HostInfo } from './base/types.ts';

type Store = KeyValueStore;

/**
 * The plugins' token store: the plugin origin's storage (the kit's `safeStorage`), which every
 * plugin page shares (they are served from one origin), so logging in once in `auth` hands the
 * token to the others. A frame whose browser refuses storage gets a memory store.
 */
export const pluginStorage = (): Store => safeStorage();

/** The user the server knows for the stored token (GET /api/user/current). */
export interface PluginUser {
  id: number | string;
  name: string;
  points: number;
}

/**
 * What is kept in the Base (bridge.setData) about a binding. Base data is shared by every
 * collaborator of the document (SDK docs), so it holds who is bound, never the token.
 */
export interface BindingRecord {
  userName: string;
  boundAt: number;
}
export const bindingKey = (host: HostInfo) => `binding:${host.tenantKey}:${host.baseUserId}`;

export type PluginApi = ReturnType<typeof createPluginApi>;

/**
 * The API client of a plugin page (the kit's browser client: same origin as the server, the token
 * from the plugin store, a `?token=` hand-off in the extension URL taken and removed).
 */
export function createPluginApi(store: Store, language: () => Language, onUnauthorized?: () => void) {
  const { api, onUnauthorized: listen } = createBrowserApi({ storage: store, getLanguage: language });
  if (onUnauthorized) listen(onUnauthorized);
  return api;
}

/** The logged-in user, or null when there is no token or it no longer works. */
export async function currentUser(api: PluginApi, store: Store): Promise<PluginUser | null> {
  if (!readToken(store)) return null;
  try {
    const answer = await api.GET('/api/user/current');
    const u = answer.user;
    return {
      id: u.id,
      name: u.userName || u.phone || u.email || String(u.id),
      points: answer.benefitPackage?.remainBeanCount ?? 0,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// Logging in is the kit's login modal (ui/PluginLogin.tsx), the same as the web app's.

/** Records the binding on the server and in the Base. */
export async function bind(api: PluginApi, base: BaseAdapter, host: HostInfo, user: PluginUser): Promise<BindingRecord> {
  const answer = await api.PUT('/api/feishu/binding', { body: { baseUserId: host.baseUserId, tenantKey: host.tenantKey } });
  const record: BindingRecord = { userName: user.name, boundAt: answer.boundAt };
  await base.setData(bindingKey(host), record);
  return record;
}

/** Logs out: the server forgets the binding and the token, the Base forgets who was bound. */
export async function logOut(api: PluginApi, store: Store, base: BaseAdapter, host: HostInfo): Promise<void> {
  try {
    await api.DELETE('/api/feishu/binding', { params: { query: { baseUserId: host.baseUserId, tenantKey: host.tenantKey } } });
    await api.POST('/api/auth/logout');
  } catch (error) {
    // An expired token is already logged out; anything else is reported.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  } finally {
    clearToken(store);
  }
  await base.setData(bindingKey(host), null);
}

/** The `feishuPlugins:errors.*` key (and params) that explains an error to the user. */
export function explainError(error: unknown): { key: string; params: Record<string, string> } {
  const message = error instanceof Error ? error.message : String(error);
  // The Base host itself: which host, which call, missing or not answered.
  if (error instanceof HostCallError)
    return {
      key: `feishuPlugins:errors.host.${error.host}.${error.reason}`,
      params: { method: error.method, seconds: String(error.seconds) },
    };
  if (error instanceof ApiError) {
    if (error.status === 401) return { key: 'feishuPlugins:errors.loginExpired', params: {} };
    if (error.code === ERRORS.notEnoughCoins.code) return { key: 'feishuPlugins:errors.notEnoughPoints', params: { message } };
    if (error.code === CLIENT_ERROR.network || error.code === CLIENT_ERROR.timeout)
      return { key: 'feishuPlugins:errors.network', params: {} };
    if (error.status === 503) return { key: 'feishuPlugins:errors.notAvailable', params: { message } };
  }
  return { key: 'feishuPlugins:errors.generic', params: { message } };
}
