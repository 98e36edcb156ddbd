import { createBrowserApi } from '@productimage/kit';
import { currentLanguage } from './i18n.ts';

/**
 * The one API client of the web app (kit set-up: a token handed over in the URL is stored and
 * removed from the address bar; a 401 drops the token). `onUnauthorized` lets the session store
 * drop the user and guarded pages open the login modal.
 */
const created = createBrowserApi({ storage: localStorage, getLanguage: currentLanguage });
export const { onUnauthorized } = created;

/**
 * Any call that may move the balance has ended: a write (POST, PUT, DELETE, upload) settled, or an
 * event stream (a task's events, an agent's answer) closed, which is when charges and refunds of
 * streamed work are final. The shell refreshes the header balance on it (issue 31: it was stale
 * after an agent answer). Listeners get no details: they re-read the balance.
 */
const writeListeners = new Set<() => void>();
export function onBalanceMayChange(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}
const notify = () => {
  for (const listener of writeListeners) listener();
};
const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH', 'post', 'put', 'del', 'postForm', 'upload']);

/** An event stream's body that tells the listeners when it closes (ends, fails or is cancelled). */
function watchStream(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          notify();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        notify();
      }
    },
    cancel(reason) {
      notify();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

type Api = typeof created.api;
export const api: Api = new Proxy(created.api, {
  get(target, key, receiver) {
    const value = Reflect.get(target, key, receiver) as unknown;
    if (typeof value !== 'function') return value;
    const fn = value as (...args: unknown[]) => Promise<unknown>;
    if (key === 'raw')
      return async (...args: unknown[]) => {
        const init = args[2] as RequestInit | undefined;
        const response = (await fn.apply(target, args)) as Response;
        if (
          init?.method &&
          init.method.toUpperCase() !== 'GET' &&
          !response.headers.get('content-type')?.includes('text/event-stream')
        )
          notify();
        return watchStream(response);
      };
    const write = WRITES.has(String(key));
    if (!write && key !== 'request') return value;
    return (...args: unknown[]) => {
      const isWrite = write || (key === 'request' && String(args[0]).toUpperCase() !== 'GET');
      const result = fn.apply(target, args);
      if (isWrite) void result.then(notify, notify);
      return result;
    };
  },
});
