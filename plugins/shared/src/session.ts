import { ApiError, CLIENT_ERROR, ERRORS, type Language } from '@productimage/core';
import {
  createBrowserApi,
  errorText,
  fetchCurrentUser,
  type KeyValueStore,
  logOut as logOutOfProduct,
  safeStorage,
} from '@productimage/kit';
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

/** The logged-in user, or null when there is no token or it no longer works (the kit's session). */
export async function currentUser(api: PluginApi, store: Store): Promise<PluginUser | null> {
  const answer = await fetchCurrentUser({ api, storage: store });
  if (!answer) return null;
  const u = answer.user;
  return {
    id: u.id,
    name: u.userName || u.phone || u.email || String(u.id),
    points: answer.benefitPackage?.remainBeanCount ?? 0,
  };
}

// Logging in is the kit's login modal (ui/PluginLogin.tsx), the same as the web app's.

/** Records the binding on the server and in the Base. */
export async function bind(api: PluginApi, base: BaseAdapter, host: HostInfo, user: PluginUser): Promise<BindingRecord> {
  const answer = await api.PUT('/api/feishu/binding', { body: { baseUserId: host.baseUserId, tenantKey: host.tenantKey } });
  const record: BindingRecord = { userName: user.name, boundAt: answer.boundAt };
  await base.setData(bindingKey(host), record);
  return record;
}

/**
 * Logs out: the server forgets the binding, then the kit's logout (the server forgets the token,
 * the store drops it), and the Base forgets who was bound.
 */
export async function logOut(api: PluginApi, store: Store, base: BaseAdapter, host: HostInfo): Promise<void> {
  try {
    await api.DELETE('/api/feishu/binding', { params: { query: { baseUserId: host.baseUserId, tenantKey: host.tenantKey } } });
  } catch (error) {
    // An expired token is already logged out; anything else is reported (the token is dropped all the same).
    if (!(error instanceof ApiError && error.status === 401)) {
      await logOutOfProduct({ api, storage: store });
      throw error;
    }
  }
  await logOutOfProduct({ api, storage: store });
  await base.setData(bindingKey(host), null);
}

/**
 * The `feishuPlugins:errors.*` key (and params) of an error the plugins explain in their own words:
 * the Base host's, an expired login, missing points, a service that is not available. Null for the
 * others, which `pluginErrorText` words like the web app (the kit's `errorText`).
 */
export function explainError(error: unknown): { key: string; params: Record<string, string> } | null {
  // The Base host itself: which host, which call, missing or not answered.
  if (error instanceof HostCallError)
    return {
      key: `feishuPlugins:errors.host.${error.host}.${error.reason}`,
      params: { method: error.method, seconds: String(error.seconds) },
    };
  if (error instanceof ApiError) {
    const message = error.message;
    if (error.status === 401) return { key: 'feishuPlugins:errors.loginExpired', params: {} };
    if (error.code === ERRORS.notEnoughCoins.code) return { key: 'feishuPlugins:errors.notEnoughPoints', params: { message } };
    if (error.status === 503) return { key: 'feishuPlugins:errors.notAvailable', params: { message } };
  }
  return null;
}

/** Turns any error (API, host, network) into the sentence the user reads, in the Base's language. */
export function pluginErrorText(error: unknown, t: Parameters<typeof errorText>[1]): string {
  const own = explainError(error);
  if (own) return t(own.key, own.params);
  // No answer came (network, time-out): the kit's words, as in the web app.
  if (error instanceof ApiError && (error.code === CLIENT_ERROR.network || error.code === CLIENT_ERROR.timeout))
    return errorText(error, t);
  // The server's own message (already in the user's language) or the plugin's.
  const message = error instanceof ApiError ? errorText(error, t) : error instanceof Error ? error.message : String(error);
  return t('feishuPlugins:errors.generic', { message });
}
