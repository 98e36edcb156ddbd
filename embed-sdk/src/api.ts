import { EMBED_EVENT_TYPES, type EmbedCommandMap, embedMessage, parseEmbedCommand } from '@productimage/core/embed/protocol';
import { Mount } from './mount.tsx';
import { resolveOptions } from './options.ts';
import type { EmbedHandle, EventHandler, EventName, ProductImageApi, SdkEvent } from './types.ts';

export interface ApiEnvironment {
  document: Document;
  /** The product origin the script was loaded from (script-tag build); null for the ES module. */
  defaultOrigin: string | null;
}

interface Listener {
  type: EventName;
  handler: EventHandler<never>;
  /** Only events of this mount; all mounts when absent. */
  id?: string;
}

/**
 * The command function behind `window.ProductImage` and the ES module: keeps the mounts of the
 * page and the listeners, and routes commands to one mount (by id) or to all of them.
 */
export function createApi(env: ApiEnvironment): ProductImageApi {
  const mounts = new Map<string, Mount>();
  const listeners = new Set<Listener>();
  let counter = 0;
  const nextId = () => {
    do counter += 1;
    while (mounts.has(`pi-${counter}`));
    return `pi-${counter}`;
  };

  const dispatch = <K extends EventName>(event: SdkEvent<K>) => {
    for (const listener of [...listeners]) {
      if (listener.type !== event.type || (listener.id !== undefined && listener.id !== event.id)) continue;
      try {
        (listener.handler as EventHandler<K>)(event);
      } catch (error) {
        // One faulty host handler must not keep the others from hearing the event.
        console.error('ProductImage: an event handler failed', error);
      }
    }
  };

  const on = (type: EventName, handler: EventHandler<never>, id?: string) => {
    if (type !== 'error' && !(EMBED_EVENT_TYPES as string[]).includes(type))
      throw new TypeError(`ProductImage on: unknown event "${String(type)}" (events: ${EMBED_EVENT_TYPES.join(', ')}, error)`);
    if (typeof handler !== 'function') throw new TypeError('ProductImage on: the handler must be a function');
    const listener: Listener = { type, handler, id };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const off = (type: EventName, handler: EventHandler<never>, id?: string) => {
    for (const listener of listeners)
      if (listener.type === type && listener.handler === handler && listener.id === id) listeners.delete(listener);
  };

  const targets = (id: unknown): Mount[] => {
    if (id === undefined) return [...mounts.values()];
    const mount = typeof id === 'string' ? mounts.get(id) : undefined;
    if (!mount) throw new Error(`ProductImage: no mount named "${String(id)}"`);
    return [mount];
  };
  const sendAll = async <K extends keyof EmbedCommandMap>(id: unknown, type: K, data: EmbedCommandMap[K]) => {
    try {
      // The product checks again; checking here names the mistake where the host made it.
      parseEmbedCommand(embedMessage<EmbedCommandMap, K>(type, data));
    } catch {
      throw new TypeError(`ProductImage ${String(type)}: invalid ${Object.keys(data).join(', ') || 'argument'}`);
    }
    const list = targets(id);
    if (!list.length) throw new Error('ProductImage: nothing is mounted');
    await Promise.all(list.map((mount) => mount.send(type, data)));
  };
  const unmount = (id?: unknown) => {
    for (const mount of id === undefined
      ? [...mounts.values()]
      : mounts.has(id as string)
        ? [mounts.get(id as string) as Mount]
        : []) {
      mount.unmount();
      mounts.delete(mount.id);
      for (const listener of listeners) if (listener.id === mount.id) listeners.delete(listener);
    }
  };

  const handleOf = (mount: Mount): EmbedHandle => ({
    id: mount.id,
    on: (type, handler) => on(type, handler as EventHandler<never>, mount.id),
    off: (type, handler) => off(type, handler as EventHandler<never>, mount.id),
    navigate: (route) => sendAll(mount.id, 'navigate', { route }),
    setLanguage: (language) => sendAll(mount.id, 'setLanguage', { language }),
    setToken: (token) => sendAll(mount.id, 'setToken', { token }),
    openLogin: () => sendAll(mount.id, 'openLogin', {}),
    logout: () => sendAll(mount.id, 'setToken', { token: null }),
    unmount: () => unmount(mount.id),
  });

  const asyncCommand = (run: () => Promise<void>) => {
    try {
      return run();
    } catch (error) {
      return Promise.reject(error);
    }
  };

  function api(command: string, ...args: unknown[]): unknown {
    switch (command) {
      case 'mount': {
        const options = resolveOptions(args[0], env.document, env.defaultOrigin, nextId);
        if (mounts.has(options.id)) throw new Error(`ProductImage: a mount named "${options.id}" exists; unmount it first`);
        const mount = new Mount(options, dispatch);
        mounts.set(mount.id, mount);
        return handleOf(mount);
      }
      case 'on':
        return on(args[0] as EventName, args[1] as EventHandler<never>, args[2] as string | undefined);
      case 'off':
        return off(args[0] as EventName, args[1] as EventHandler<never>, args[2] as string | undefined);
      case 'unmount':
        return unmount(args[0]);
      case 'navigate':
        return asyncCommand(() => sendAll(args[1], 'navigate', { route: args[0] as string }));
      case 'setLanguage':
        return asyncCommand(() => sendAll(args[1], 'setLanguage', { language: args[0] as 'zh' | 'en' }));
      case 'setToken':
        return asyncCommand(() => sendAll(args[1], 'setToken', { token: args[0] as string | null }));
      case 'openLogin':
        return asyncCommand(() => sendAll(args[0], 'openLogin', {}));
      case 'logout':
        return asyncCommand(() => sendAll(args[0], 'setToken', { token: null }));
      default:
        throw new TypeError(`ProductImage: unknown command "${String(command)}"`);
    }
  }
  return api as ProductImageApi;
}
