import { referrerOf } from '@productimage/core/channel';
import {
  type EmbedLanguage,
  type EmbedTheme,
  isEmbedLanguage,
  isEmbedRoute,
  isEmbedTheme,
  isEmbedToken,
} from '@productimage/core/embed/protocol';
import { EMBED_CONNECT_TIMEOUT_MS } from '@productimage/core/embed/rpc';
import type { MountOptions } from './types.ts';

/** Mount options after validation, defaults applied. */
export interface ResolvedOptions {
  el: Element;
  route: string;
  referrer?: string;
  channel?: string;
  language: EmbedLanguage;
  token?: string;
  theme?: EmbedTheme;
  hideHeader: boolean;
  hideBack: boolean;
  id: string;
  origin: string;
  height: number;
  timeout: number;
}

/** Thrown by `mount` with every problem of the options at once. */
export class EmbedOptionsError extends TypeError {
  constructor(readonly problems: string[]) {
    super(`ProductImage mount: ${problems.join('; ')}`);
    this.name = 'EmbedOptionsError';
  }
}

const KNOWN = new Set<keyof MountOptions>([
  'el',
  'route',
  'referrer',
  'channel',
  'language',
  'token',
  'theme',
  'hideHeader',
  'hideBack',
  'id',
  'origin',
  'height',
  'timeout',
]);
const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const CHANNEL_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;

/** The host page's language as one of ours: `<html lang>`, then the browser, else Chinese. */
export function pageLanguage(doc: Document): EmbedLanguage {
  const lang = (doc.documentElement.lang || doc.defaultView?.navigator.language || '').toLowerCase();
  return lang.startsWith('en') ? 'en' : 'zh';
}

/** The origin of an http(s) URL, or null. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Checks mount options and applies defaults. `defaultOrigin` is the product origin the script tag
 * was loaded from; `nextId` names mounts that did not name themselves.
 */
export function resolveOptions(raw: unknown, doc: Document, defaultOrigin: string | null, nextId: () => string): ResolvedOptions {
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null) throw new EmbedOptionsError(['options must be an object']);
  const o = raw as Partial<Record<keyof MountOptions, unknown>>;
  for (const key of Object.keys(o)) if (!KNOWN.has(key as keyof MountOptions)) problems.push(`unknown option "${key}"`);

  let el: Element | null = null;
  if (typeof o.el === 'string') {
    try {
      el = doc.querySelector(o.el);
    } catch {
      // an invalid selector is reported below like a missing element
    }
    if (!el) problems.push(`el: no element matches "${o.el}"`);
  } else if (o.el && typeof o.el === 'object' && (o.el as Node).nodeType === 1) {
    el = o.el as Element;
  } else {
    problems.push('el: an element or a CSS selector is required');
  }

  const route = o.route ?? '/';
  if (!isEmbedRoute(route)) problems.push('route: a path starting with "/" such as "/ai-cutout"');
  if (
    o.referrer !== undefined &&
    (typeof o.referrer !== 'string' || referrerOf(`http://x/?referrer=${encodeURIComponent(o.referrer)}`) !== o.referrer)
  )
    problems.push('referrer: letters, digits, ".", "_" or "-", at most 64');
  if (o.channel !== undefined && (typeof o.channel !== 'string' || !CHANNEL_PATTERN.test(o.channel)))
    problems.push('channel: letters, digits, ".", "_" or "-", at most 32');
  if (o.language !== undefined && !isEmbedLanguage(o.language)) problems.push('language: "zh" or "en"');
  if (o.token !== undefined && !isEmbedToken(o.token)) problems.push('token: the access_token string of a login answer');
  if (o.theme !== undefined && !isEmbedTheme(o.theme)) problems.push('theme: "light" or "dark"');
  for (const flag of ['hideHeader', 'hideBack'] as const)
    if (o[flag] !== undefined && typeof o[flag] !== 'boolean') problems.push(`${flag}: true or false`);
  if (o.id !== undefined && (typeof o.id !== 'string' || !ID_PATTERN.test(o.id)))
    problems.push('id: letters, digits, "_" or "-", at most 40');
  const origin = o.origin === undefined ? defaultOrigin : originOf(typeof o.origin === 'string' ? o.origin : null);
  if (!origin) problems.push('origin: the product origin such as "https://studio.example.com" (required with the ES module)');
  if (o.height !== undefined && !(typeof o.height === 'number' && o.height >= 100 && o.height <= 10_000))
    problems.push('height: a number of pixels from 100 to 10000');
  if (o.timeout !== undefined && !(typeof o.timeout === 'number' && o.timeout >= 1000 && o.timeout <= 120_000))
    problems.push('timeout: milliseconds from 1000 to 120000');
  if (problems.length) throw new EmbedOptionsError(problems);

  return {
    el: el as Element,
    route: route as string,
    referrer: o.referrer as string | undefined,
    channel: o.channel as string | undefined,
    language: (o.language as EmbedLanguage | undefined) ?? pageLanguage(doc),
    token: o.token as string | undefined,
    theme: o.theme as EmbedTheme | undefined,
    hideHeader: o.hideHeader === true,
    hideBack: o.hideBack === true,
    id: (o.id as string | undefined) ?? nextId(),
    origin: origin as string,
    height: (o.height as number | undefined) ?? 600,
    timeout: (o.timeout as number | undefined) ?? EMBED_CONNECT_TIMEOUT_MS,
  };
}
