import { BASE_PATH } from '@productimage/core/constants/limits';
import { EMBED_FRAME_NAME_PREFIX, EMBED_QUERY } from '@productimage/core/embed/protocol';
import type { ResolvedOptions } from './options.ts';

/**
 * What the product may do inside the frame: run, keep its storage, submit forms, open result
 * downloads and external tools in new tabs. Not allowed: navigating the host page away, modal
 * dialogs that freeze it, pointer lock and the like.
 */
export const FRAME_SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
].join(' ');

/** Browser features the product uses: copying generated text and full-screen previews. */
export const FRAME_ALLOW = 'clipboard-write; fullscreen';

/**
 * The iframe URL: /productimage{route} with the flags of spec 000 §1-2 (referrer, channel,
 * headHidden, hideBack), the language, the theme and the mount id. Never a token.
 */
export function frameUrl(options: ResolvedOptions): string {
  const url = new URL(`${BASE_PATH}${options.route}`, options.origin);
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) url.searchParams.set(name, value);
  };
  set(EMBED_QUERY.embed, options.id);
  set(EMBED_QUERY.referrer, options.referrer);
  set(EMBED_QUERY.channel, options.channel);
  set(EMBED_QUERY.language, options.language);
  set(EMBED_QUERY.theme, options.theme);
  if (options.hideHeader) set(EMBED_QUERY.headHidden, 'true');
  if (options.hideBack) set(EMBED_QUERY.hideBack, 'true');
  return url.toString();
}

/** The iframe's name: lets the product find its mount id again after it reloads itself. */
export const frameName = (id: string) => `${EMBED_FRAME_NAME_PREFIX}${id}`;
