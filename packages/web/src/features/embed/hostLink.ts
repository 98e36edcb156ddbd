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
 * kept per mount for the tab's session and updated only once the host acknowledged, so a reload in
 * the middle (the login modal reloads the page) repeats an event rather than losing it.
 */
export function reportSession(now: SessionSnapshot | null) {
  const context = embedContext;
  if (!context) return;
  chain = chain
    .then(async () => {
      const told = readReported(context.id);
      for (const event of sessionEvents(told, now)) {
        if (!link) return;
        await link.send(event.type, event.data as never);
      }
      try {
        sessionStorage.setItem(REPORTED_PREFIX + context.id, JSON.stringify(now));
      } catch {
        // without storage a reload may repeat an event; never lose one
      }
    })
    .catch((error: Error) => console.warn('embed: could not report the session', error.message));
}
