/*
 * Browsers that block third-party storage (a partner site framing us in incognito, or with
 * third-party cookies off) throw on any access to localStorage / sessionStorage, which the app and
 * core read at start-up. This classic script runs before every module script: a refused storage is
 * replaced by one kept in memory for the page's life, so the user can still log in and work; only
 * persistence across reloads is lost, which the browser forbade anyway.
 */
(() => {
  function memoryStorage() {
    const items = new Map();
    return {
      get length() {
        return items.size;
      },
      clear: () => {
        items.clear();
      },
      getItem: (key) => (items.has(key) ? items.get(key) : null),
      key: (index) => Array.from(items.keys())[index] ?? null,
      removeItem: (key) => {
        items.delete(key);
      },
      setItem: (key, value) => {
        items.set(key, String(value));
      },
    };
  }
  ['localStorage', 'sessionStorage'].forEach((name) => {
    try {
      const storage = window[name];
      storage.setItem('__storage_probe__', '1');
      storage.removeItem('__storage_probe__');
    } catch (_error) {
      Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
    }
  });
})();
