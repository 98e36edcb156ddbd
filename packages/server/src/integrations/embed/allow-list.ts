import { configuredOrigins } from '../../identity/tenants/flags.ts';
import { referrerOrigins } from '../../identity/tenants/records.ts';
import { resolveReferrer } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Which host pages may frame the product. A visit naming a referrer (`?referrer=`, or a partner host
 * marker) gets that referrer's origins plus EMBED_ALLOWED_ORIGINS, the same list the flags call
 * gives the web app for its message allow-list. A visit without one (the frame reloading itself
 * after in-app navigation dropped the query) is recognised by its `Referer` header instead: a
 * reload keeps the document's original referrer, the partner page that framed it, so only a
 * partner origin equal to that page's origin is added; with no such header, only the configured
 * origins remain. Never every partner's origin combined (issue 9): one partner's page must not
 * be able to frame a visit that belongs to another.
 */
export async function frameAncestors(
  ctx: AppContext,
  visit: { referrer: string | null; host: string | null; refererHeader?: string | null },
): Promise<string[]> {
  const referrer = await resolveReferrer(ctx.db, visit.referrer, visit.host);
  const origins = new Set(configuredOrigins(ctx));
  if (referrer) for (const origin of referrer.allowedOrigins) origins.add(origin);
  else {
    const framer = originOf(visit.refererHeader);
    if (framer) {
      const known = (await referrerOrigins(ctx.db)).some((origin) => originOf(origin) === framer);
      if (known) origins.add(framer);
    }
  }
  return [...new Set([...origins].filter(isSerialisedOrigin).map((origin) => new URL(origin).origin))];
}

const originOf = (value: string | null | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/** Only plain `scheme://host[:port]` values may go into the header (no spaces, quotes or paths). */
export function isSerialisedOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** The Content-Security-Policy value for a product page. */
export const frameAncestorsPolicy = (origins: string[]) => `frame-ancestors ${["'self'", ...origins].join(' ')}`;
