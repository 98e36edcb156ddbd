import type { EmbedCommandMessage, EmbedEventMap } from '@productimage/core/embed/protocol';
import { connectToHost, type EmbedLink } from '@productimage/core/embed/rpc';
import { embedContext } from './embedContext.ts';
import { attachSender } from './outbox.ts';
import { type SessionSnapshot, sessionEvents } from './sessionEvents.ts';

/**
 * The product's one connection to the host page, for the life of the page. It lives outside React
 * on purpose: a connection torn down and made again would send penpal's DESTROY to the host, which
 * ends the host's side for good.
 */
let link: EmbedLink<EmbedEventMap> | null = null;

/** Connects once to the parent page, accepting only `allowedOrigins`. Later calls are ignored. */
export function connectHost(
  allowedOrigins: string[],
  onCommand: (message: EmbedCommandMessage) => Promise<void>,
): Promise<void> | null {
  if (link || !embedContext) return null;
  link = connectToHost({
    host: window.parent,
    allowedOrigins,
    onCommand,
    onRejected: (error) => console.warn('embed: refused a message from the host page', error.message),
  });
  const connected = link;
  connected.connected.then(
    () => attachSender((type, data) => connected.send(type, data)),
    // A frame that no allowed host answers stays a normal page; nothing to report.
    () => undefined,
  );
  return link.connected;
}

const REPORTED_PREFIX = 'EMBED_REPORTED:';
let chain: Promise<void> = Promise.resolve();

function readReported(id: string): SessionSnapshot | null | undefined {
  try {
    const raw = sessionStorage.getItem(REPORTED_PREFIX + id);
    return raw === null ? undefined : (JSON.parse(raw) as SessionSnapshot | null);
  } catch {
    return undefined;
  }
}

/**
 * Brings the host up to date with the session (login, logout, balance). What the host was told is
 * kept per mount for the tab's session, written as the events are posted: the login modal reloads
 * the page right after a login, and a message already posted on the channel still arrives, so
 * after the reload nothing is told twice.
 */
export function reportSession(now: SessionSnapshot | null) {
  const context = embedContext;
  const current = link;
  if (!context || !current) return;
  chain = chain
    .then(async () => {
      const events = sessionEvents(readReported(context.id), now);
      try {
        sessionStorage.setItem(REPORTED_PREFIX + context.id, JSON.stringify(now));
      } catch {
        // without storage a reload may tell the host again; never skip an event
      }
      // Posted together, in order, without waiting for each answer (a reload may come any moment).
      await Promise.all(events.map((event) => current.send(event.type, event.data as never)));
    })
    .catch((error: Error) => console.warn('embed: could not report the session', error.message));
}
