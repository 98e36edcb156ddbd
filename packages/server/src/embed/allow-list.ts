import type { AppContext } from '../context.ts';
import { configuredOrigins } from '../tenants/flags.ts';
import { parseList, resolveReferrer } from '../tenants/store.ts';

/**
 * Which host pages may frame the product. A visit naming a referrer (`?referrer=`, or a partner host
 * marker) gets that referrer's origins plus EMBED_ALLOWED_ORIGINS, the same list the flags call
 * gives the web app for its message allow-list. A visit without one (the frame reloading itself
 * after in-app navigation dropped the query) gets every referrer's origins plus the configured ones,
 * so a partner's widget survives its own reloads; messages are still checked per referrer.
 */
export async function frameAncestors(
  ctx: AppContext,
  visit: { referrer: string | null; host: string | null },
): Promise<string[]> {
  const referrer = await resolveReferrer(ctx.db, visit.referrer, visit.host);
  const origins = new Set(configuredOrigins(ctx));
  if (referrer) for (const origin of referrer.allowedOrigins) origins.add(origin);
  else {
    const rows = await ctx.db.selectFrom('referrers').select('allowed_origins').where('allowed_origins', '!=', '[]').execute();
    for (const row of rows) for (const origin of parseList(row.allowed_origins)) origins.add(origin);
  }
  return [...new Set([...origins].filter(isSerialisedOrigin).map((origin) => new URL(origin).origin))];
}

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
