import {
  EMBED_FRAME_NAME_PREFIX,
  EMBED_QUERY,
  type EmbedTheme,
  isEmbedLanguage,
  isEmbedTheme,
} from '@productimage/core/embed/protocol';
import { setLanguage } from '../../../app/i18n.ts';

/** What the product knows about the host page that mounted it through the embed SDK. */
export interface EmbedContext {
  /** The SDK's mount id (several widgets on one host page each have their own). */
  id: string;
  headHidden: boolean;
  hideBack: boolean;
  theme: EmbedTheme | null;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const STORAGE_PREFIX = 'EMBED_CONTEXT:';
const isOn = (value: string | null) => value === 'true' || value === '1';

/**
 * The embed flags arrive only on the first URL of the frame; in-app navigation drops them and the
 * product reloads itself now and then (after login). The frame's name, set by the SDK, survives
 * both, so the flags are kept per mount id for the tab's session.
 */
function detect(): EmbedContext | null {
  if (window.parent === window) return null;
  const url = new URL(window.location.href);
  const fromQuery = url.searchParams.get(EMBED_QUERY.embed);
  const fromName = window.name.startsWith(EMBED_FRAME_NAME_PREFIX) ? window.name.slice(EMBED_FRAME_NAME_PREFIX.length) : null;
  const id = [fromQuery, fromName].find((value) => value && ID_PATTERN.test(value));
  if (!id) return null;

  let stored: Partial<EmbedContext> | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + id) ?? 'null') as Partial<EmbedContext> | null;
  } catch {
    // unreadable storage: the URL alone decides
  }
  const theme = url.searchParams.get(EMBED_QUERY.theme);
  const context: EmbedContext = {
    id,
    headHidden: isOn(url.searchParams.get(EMBED_QUERY.headHidden)) || !!stored?.headHidden,
    hideBack: isOn(url.searchParams.get(EMBED_QUERY.hideBack)) || !!stored?.hideBack,
    theme: isEmbedTheme(theme) ? theme : isEmbedTheme(stored?.theme) ? stored.theme : null,
  };
  // The host's language applies when the widget first opens; later the user's (or the host's
  // setLanguage) choice, stored by i18n, wins.
  const language = url.searchParams.get(EMBED_QUERY.language);
  if (!stored && isEmbedLanguage(language)) setLanguage(language);
  try {
    sessionStorage.setItem(STORAGE_PREFIX + id, JSON.stringify(context));
  } catch {
    // storage may be unavailable (strict third-party settings): the flags hold until a reload
  }
  return context;
}

/** The embed context, or null when the product is not inside an SDK frame. */
export const embedContext: EmbedContext | null = detect();

if (embedContext) {
  // embed.css sizes the page by its content instead of the viewport (the frame follows the content).
  document.documentElement.dataset.embedded = 'true';
  if (embedContext.theme === 'dark') document.body.setAttribute('theme-mode', 'dark');
}
