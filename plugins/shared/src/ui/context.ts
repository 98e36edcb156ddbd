import type { createI18n, Language } from '@productimage/core';
import { createContext, useContext } from 'react';
import type { BaseAdapter, HostInfo } from '../base/types.ts';
import type { PluginApi, PluginUser } from '../session.ts';

/** A translator bound to the feishuPlugins namespace (other namespaces by `ns:key`). */
export type Translate = ReturnType<ReturnType<typeof createI18n>['getFixedT']>;

/** What a plugin page gets once it is connected to its Base (and logged in, when it needs that). */
export interface PluginContextValue {
  base: BaseAdapter;
  host: HostInfo;
  language: Language;
  t: Translate;
  api: PluginApi;
  store: Storage | { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void };
  user: PluginUser | null;
  /** Re-reads the user (points change after a charge) or drops it after a logout. */
  refreshUser(): Promise<void>;
}

export const PluginContext = createContext<PluginContextValue | null>(null);

/** The connected plugin context; only inside <PluginApp>. */
export function usePlugin(): PluginContextValue {
  const value = useContext(PluginContext);
  if (!value) throw new Error('usePlugin outside <PluginApp>');
  return value;
}
