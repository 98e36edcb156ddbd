import { CallOptions, connect, type Methods, type RemoteProxy, WindowMessenger } from 'penpal';
import {
  EMBED_CHANNEL,
  type EmbedCommandMap,
  type EmbedCommandMessage,
  type EmbedCommandType,
  type EmbedEventMap,
  type EmbedEventMessage,
  type EmbedEventType,
  embedMessage,
  parseEmbedCommand,
  parseEmbedEvent,
} from './protocol.ts';

/**
 * Both ends of the embed RPC on penpal 7 (a maintained postMessage RPC: handshake, private
 * MessageChannel after it, origin allow-list, named errors such as CONNECTION_TIMEOUT). We add the
 * versioned envelopes of protocol.ts and a timeout on every call, so a host never waits forever on
 * a product that went away, and the reverse.
 */

/** How long a handshake may take before the connection is given up. */
export const EMBED_CONNECT_TIMEOUT_MS = 15_000;
/** How long one call may wait for its answer. */
export const EMBED_CALL_TIMEOUT_MS = 10_000;

type ProductMethods = { command(message: EmbedCommandMessage): Promise<void> };
type HostMethods = { event(message: EmbedEventMessage): void };

/** One end of a connection. */
export interface EmbedLink<Out> {
  /** Resolves once the handshake is done; rejects with a penpal error (code CONNECTION_TIMEOUT...). */
  connected: Promise<void>;
  /** Sends a message once connected; rejects on timeout or when the other side refuses it. */
  send<K extends keyof Out>(type: K, data: Out[K]): Promise<void>;
  /** Closes the connection and stops listening. */
  destroy(): void;
}

interface CommonOptions {
  /** An incoming message failed validation (wrong version, bad shape); it was answered with an error. */
  onRejected?(error: Error): void;
  /** Handshake timeout (ms). */
  timeoutMs?: number;
  /** Per-call timeout (ms). */
  callTimeoutMs?: number;
}

function link<Out, R extends Methods>(
  remote: Promise<RemoteProxy<R>>,
  destroy: () => void,
  invoke: (proxy: RemoteProxy<R>, message: unknown, options: CallOptions) => Promise<unknown>,
  callTimeoutMs: number,
): EmbedLink<Out> {
  const connected = remote.then(() => undefined);
  // A failed handshake is reported through `connected`; calls made meanwhile reject on their own.
  connected.catch(() => undefined);
  return {
    connected,
    async send(type, data) {
      const proxy = await remote;
      await invoke(proxy, embedMessage<Out, typeof type>(type, data), new CallOptions({ timeout: callTimeoutMs }));
    },
    destroy,
  };
}

function checked<T>(parse: (raw: unknown) => T, raw: unknown, onRejected?: (error: Error) => void): T {
  try {
    return parse(raw);
  } catch (error) {
    onRejected?.(error as Error);
    throw error;
  }
}

export interface ProductConnectionOptions extends CommonOptions {
  /** The iframe's window. */
  frame: Window;
  /** The product's origin: the only one whose messages are accepted. */
  productOrigin: string;
  /** A valid event from the product. */
  onEvent(message: EmbedEventMessage): void;
}

/** Host side (the SDK): connects to the product in an iframe and accepts only its origin. */
export function connectToProduct(options: ProductConnectionOptions): EmbedLink<EmbedCommandMap> {
  const messenger = new WindowMessenger({ remoteWindow: options.frame, allowedOrigins: [options.productOrigin] });
  const methods: HostMethods = {
    event(raw) {
      options.onEvent(checked(parseEmbedEvent, raw, options.onRejected));
    },
  };
  const connection = connect<ProductMethods>({
    messenger,
    methods,
    channel: EMBED_CHANNEL,
    timeout: options.timeoutMs ?? EMBED_CONNECT_TIMEOUT_MS,
  });
  return link<EmbedCommandMap, ProductMethods>(
    connection.promise,
    connection.destroy,
    (proxy, message, callOptions) => proxy.command(message as EmbedCommandMessage, callOptions),
    options.callTimeoutMs ?? EMBED_CALL_TIMEOUT_MS,
  );
}

export interface HostConnectionOptions extends CommonOptions {
  /** The parent window. */
  host: Window;
  /** Origins allowed to drive the product (the referrer's list plus EMBED_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** A valid command from the host; a rejection travels back to the host's call. */
  onCommand(message: EmbedCommandMessage): Promise<void> | void;
}

/** Product side (the web app): connects to the host page, accepting only allowed origins. */
export function connectToHost(options: HostConnectionOptions): EmbedLink<EmbedEventMap> {
  // An empty list would make penpal fall back to our own origin; refuse everyone instead.
  const allowedOrigins = options.allowedOrigins.length ? options.allowedOrigins : [/^(?!)/];
  const messenger = new WindowMessenger({ remoteWindow: options.host, allowedOrigins });
  const methods: ProductMethods = {
    async command(raw) {
      await options.onCommand(checked(parseEmbedCommand, raw, options.onRejected));
    },
  };
  const connection = connect<HostMethods>({
    messenger,
    methods,
    channel: EMBED_CHANNEL,
    timeout: options.timeoutMs ?? EMBED_CONNECT_TIMEOUT_MS,
  });
  return link<EmbedEventMap, HostMethods>(
    connection.promise,
    connection.destroy,
    (proxy, message, callOptions) => proxy.event(message as EmbedEventMessage, callOptions),
    options.callTimeoutMs ?? EMBED_CALL_TIMEOUT_MS,
  );
}

export type { EmbedCommandType, EmbedEventType };
