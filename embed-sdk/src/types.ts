import type { EmbedEventMap, EmbedLanguage, EmbedTheme } from '@productimage/core/embed/protocol';

export type { EmbedEventMap, EmbedLanguage, EmbedTaskOutput, EmbedTheme } from '@productimage/core/embed/protocol';

/** Options of `ProductImage('mount', options)`. */
export interface MountOptions {
  /** Where the widget goes: an element or a CSS selector. */
  el: Element | string;
  /** Product route, e.g. `/ai-cutout` (default `/`). */
  route?: string;
  /** Referrer name configured on the product's server (decides menus, hidden parts, allowed origins). */
  referrer?: string;
  /** Mini-program channel name (e.g. `wechat`); any value turns on the mini-program login (SMS only). */
  channel?: string;
  /** Interface language inside the frame (default: the page's language, else Chinese). */
  language?: EmbedLanguage;
  /** Logs the user in through the RPC once connected (never put in the URL). */
  token?: string;
  theme?: EmbedTheme;
  /** Hides the product's header (headHidden). */
  hideHeader?: boolean;
  /** Hides the product's back button (hideBack). */
  hideBack?: boolean;
  /** Names this mount so commands and events can target it (default `pi-1`, `pi-2`...). */
  id?: string;
  /** Product origin, e.g. `https://studio.example.com`. The script tag build takes it from its own src. */
  origin?: string;
  /** Height in px before the product reports its content height (default 600). */
  height?: number;
  /** Handshake timeout in ms before the error state shows (default 15000). */
  timeout?: number;
}

/** Why the widget shows its error state. */
export interface EmbedErrorInfo {
  code: 'unreachable' | 'incompatible';
  message: string;
}

/** Everything a host can listen to: the product's events plus the SDK's own `error`. */
export type SdkEventMap = EmbedEventMap & { error: EmbedErrorInfo };
export type EventName = keyof SdkEventMap;

/** What a handler receives. */
export interface SdkEvent<K extends EventName = EventName> {
  type: K;
  /** The mount it came from. */
  id: string;
  data: SdkEventMap[K];
}
export type EventHandler<K extends EventName = EventName> = (event: SdkEvent<K>) => void;

/** A mounted widget. Commands wait for the connection and reject if the product refuses them. */
export interface EmbedHandle {
  readonly id: string;
  on<K extends EventName>(type: K, handler: EventHandler<K>): () => void;
  off<K extends EventName>(type: K, handler: EventHandler<K>): void;
  navigate(route: string): Promise<void>;
  setLanguage(language: EmbedLanguage): Promise<void>;
  setToken(token: string | null): Promise<void>;
  openLogin(): Promise<void>;
  /** Logs the user out inside the frame (same as setToken(null)). */
  logout(): Promise<void>;
  unmount(): void;
}

/**
 * The command function, `window.ProductImage` in the script-tag build. Commands that address a
 * mount take its id last; without it they go to every mount.
 */
export interface ProductImageApi {
  (command: 'mount', options: MountOptions): EmbedHandle;
  <K extends EventName>(command: 'on', type: K, handler: EventHandler<K>, id?: string): () => void;
  <K extends EventName>(command: 'off', type: K, handler: EventHandler<K>, id?: string): void;
  (command: 'navigate', route: string, id?: string): Promise<void>;
  (command: 'setLanguage', language: EmbedLanguage, id?: string): Promise<void>;
  (command: 'setToken', token: string | null, id?: string): Promise<void>;
  (command: 'openLogin' | 'logout', id?: string): Promise<void>;
  (command: 'unmount', id?: string): void;
}

/** The snippet's stand-in: a function that queues its calls in `q` until the SDK arrives. */
export interface QueuedStub {
  (...args: unknown[]): unknown;
  q?: unknown[][];
}
