/**
 * The embed protocol between a host page (the embed SDK) and the product inside its iframe.
 *
 * Transport is penpal (see rpc.ts): a handshake, then a private MessageChannel, with an origin
 * allow-list on both sides. On top of it every message is a versioned envelope `{ v, type, data }`:
 * the product exposes one method `command` (host to product), the host exposes one method `event`
 * (product to host). A receiver rejects a message whose major version it does not speak, so an old
 * SDK and a new product fail loudly instead of misreading each other.
 *
 * This file has no imports on purpose: the SDK ships its declarations as part of its public types.
 */

/** Major version of the message envelope. Bump only for incompatible changes. */
export const EMBED_PROTOCOL_VERSION = 1;

/** penpal channel name, so other penpal users on the same page never pair with us. */
export const EMBED_CHANNEL = 'productimage-embed';

/** Name prefix of the iframe the SDK creates; the product reads its mount id from it after reloads. */
export const EMBED_FRAME_NAME_PREFIX = 'productimage-embed:';

/** Query parameters of the iframe URL (spec 000 §2 flags plus the embed marker). */
export const EMBED_QUERY = {
  /** The mount id; its presence tells the product it was mounted by the SDK. */
  embed: 'embed',
  headHidden: 'headHidden',
  hideBack: 'hideBack',
  referrer: 'referrer',
  channel: 'channel',
  language: 'lang',
  theme: 'theme',
} as const;

export type EmbedLanguage = 'zh' | 'en';
export type EmbedTheme = 'light' | 'dark';
export const EMBED_LANGUAGES: readonly EmbedLanguage[] = ['zh', 'en'];
export const EMBED_THEMES: readonly EmbedTheme[] = ['light', 'dark'];

/** A generated file of a finished task. */
export interface EmbedTaskOutput {
  url: string;
  type: string;
}

/** Product to host: what the host can listen to. */
export interface EmbedEventMap {
  /** The product is connected and rendered. Sent again after the product reloads itself. */
  ready: { route: string; language: EmbedLanguage; loggedIn: boolean };
  /**
   * The product page is going away (it reloads itself, e.g. after login). Commands wait for the
   * next `ready`; until then the SDK shows its loading state.
   */
  unload: Record<string, never>;
  /** The content height in CSS pixels changed. */
  resize: { height: number };
  /** A user logged in inside the frame (login modal or a token from the host). */
  login: { userId: string; userName: string };
  /** The user logged out (inside the frame or at the host's request). */
  logout: Record<string, never>;
  /** The user's points balance changed (spend, refund, grant, top-up); `previous` null when unknown. */
  balanceChanged: { balance: number; previous: number | null };
  /** A generation task ended; outputs are absolute URLs. */
  taskFinished: { taskId: string; bizType: string; status: 'completed' | 'failed' | 'stopped'; outputs: EmbedTaskOutput[] };
  /** The user followed a link that leaves the product (external tools such as mixed cutting). */
  navigateOut: { url: string };
}

/** Host to product: what the host can ask. */
export interface EmbedCommandMap {
  /** Auth hand-off: log in with this token, or log out with null. Never put tokens in URLs. */
  setToken: { token: string | null };
  /** Go to a product route such as `/ai-cutout` (a path under /productimage, query allowed). */
  navigate: { route: string };
  setLanguage: { language: EmbedLanguage };
  /** Open the login modal. */
  openLogin: Record<string, never>;
}

export type EmbedEventType = keyof EmbedEventMap;
export type EmbedCommandType = keyof EmbedCommandMap;

/** The wire envelope of one message. */
export interface EmbedEnvelope<M, K extends keyof M> {
  v: number;
  type: K;
  data: M[K];
}
export type EmbedEventMessage = { [K in EmbedEventType]: EmbedEnvelope<EmbedEventMap, K> }[EmbedEventType];
export type EmbedCommandMessage = { [K in EmbedCommandType]: EmbedEnvelope<EmbedCommandMap, K> }[EmbedCommandType];

/** Error names a receiver answers with; they reach the caller as the rejected call's `message`. */
export const EMBED_ERRORS = {
  unsupportedVersion: 'EMBED_UNSUPPORTED_VERSION',
  invalidMessage: 'EMBED_INVALID_MESSAGE',
} as const;

const MAX_ROUTE_LENGTH = 512;
const MAX_URL_LENGTH = 2048;
// Bearer tokens are opaque URL-safe strings; anything else is refused before it reaches storage.
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{8,512}$/;

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = 200): value is string => typeof value === 'string' && value.length <= max;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * True for a product route: a path starting with one `/`, no scheme, no host, no control
 * characters. Query and hash are allowed. The route is appended to /productimage.
 */
export function isEmbedRoute(route: unknown): route is string {
  if (typeof route !== 'string' || route.length > MAX_ROUTE_LENGTH) return false;
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(route)) return false;
  try {
    return new URL(route, 'http://embed.invalid').host === 'embed.invalid';
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL of reasonable length. */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export const isEmbedLanguage = (value: unknown): value is EmbedLanguage => value === 'zh' || value === 'en';
export const isEmbedTheme = (value: unknown): value is EmbedTheme => value === 'light' || value === 'dark';
export const isEmbedToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_PATTERN.test(value);

const commandChecks: { [K in EmbedCommandType]: (data: Dict) => boolean } = {
  setToken: (d) => d.token === null || isEmbedToken(d.token),
  navigate: (d) => isEmbedRoute(d.route),
  setLanguage: (d) => isEmbedLanguage(d.language),
  openLogin: () => true,
};

const eventChecks: { [K in EmbedEventType]: (data: Dict) => boolean } = {
  ready: (d) => isText(d.route, MAX_ROUTE_LENGTH) && isEmbedLanguage(d.language) && typeof d.loggedIn === 'boolean',
  unload: () => true,
  resize: (d) => isCount(d.height) && d.height >= 0,
  login: (d) => isText(d.userId) && isText(d.userName),
  logout: () => true,
  balanceChanged: (d) => isCount(d.balance) && (d.previous === null || isCount(d.previous)),
  taskFinished: (d) =>
    isText(d.taskId) &&
    isText(d.bizType) &&
    (d.status === 'completed' || d.status === 'failed' || d.status === 'stopped') &&
    Array.isArray(d.outputs) &&
    d.outputs.every((o) => isDict(o) && isWebUrl(o.url) && isText(o.type)),
  navigateOut: (d) => isWebUrl(d.url),
};

/** Every event the product sends, for hosts that check names at run time. */
export const EMBED_EVENT_TYPES = Object.keys(eventChecks) as EmbedEventType[];

function parseEnvelope<M>(raw: unknown, checks: Record<string, (data: Dict) => boolean>): M {
  if (!isDict(raw)) throw new Error(EMBED_ERRORS.invalidMessage);
  if (raw.v !== EMBED_PROTOCOL_VERSION) throw new Error(EMBED_ERRORS.unsupportedVersion);
  const check = typeof raw.type === 'string' && Object.hasOwn(checks, raw.type) ? checks[raw.type] : undefined;
  const data = raw.data === undefined ? {} : raw.data;
  if (!check || !isDict(data) || !check(data)) throw new Error(EMBED_ERRORS.invalidMessage);
  return { v: raw.v, type: raw.type, data } as M;
}

/** Validates a host command; throws an Error named by EMBED_ERRORS when it is not one. */
export const parseEmbedCommand = (raw: unknown): EmbedCommandMessage => parseEnvelope(raw, commandChecks);

/** Validates a product event; throws an Error named by EMBED_ERRORS when it is not one. */
export const parseEmbedEvent = (raw: unknown): EmbedEventMessage => parseEnvelope(raw, eventChecks);

/** Builds a message of the current protocol version. */
export function embedMessage<M, K extends keyof M>(type: K, data: M[K]): EmbedEnvelope<M, K> {
  return { v: EMBED_PROTOCOL_VERSION, type, data };
}
