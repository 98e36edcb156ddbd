/** The key-value store a front end keeps its token and language in (localStorage's interface). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store in memory: the stand-in where the browser refuses storage (third-party frames). */
export function memoryStorage(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/**
 * The page's localStorage, or a memory store when the browser refuses it (a frame on another
 * site, strict privacy settings): the login then lasts as long as the page instead of failing.
 */
export function safeStorage(): KeyValueStore {
  try {
    const probe = '__kit_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}
