/**
 * Where a visit comes from (spec 000 §1, §6; spec 001 §2): a partner site, the mini-program, or the
 * plain web. Partner sites and the mini-program embed the product and change how login works (only
 * SMS login, the host sent along as `reqHost`).
 *
 * Three signals, checked on the URL the app was opened with:
 * - the `channel` query parameter: any non-empty value means the mini-program (its value names the
 *   mini-program build, e.g. `channel=wechat`);
 * - the host: a host containing one of CHANNEL_HOST_MARKERS is the mini-program's web-view host or a
 *   partner site serving the product under its own domain (e.g. `mall-inspo.partner.example`);
 *   spec 001 §2 counts a partner host as mini-program mode too;
 * - the `referrer` query parameter names who sent the visitor (tenant and menu flags are decided
 *   by the server from it; the client only passes it on).
 *
 * Everything here is a pure function of a URL so the server, the web app, the embed SDK and the
 * demo sites agree.
 */

/**
 * Host markers, one place for all of them. A partner deploying the product under its own domain
 * puts its marker in the host name; the mini-program web view loads the product from a host that
 * carries `mp-inspo`.
 */
export const CHANNEL_HOST_MARKERS = {
  miniProgram: 'mp-inspo',
  partnerMall: 'mall-inspo',
  partnerShop: 'shop-inspo',
  partnerLive: 'live-inspo',
} as const;

export type HostMarker = keyof typeof CHANNEL_HOST_MARKERS;
export type PartnerSite = Exclude<HostMarker, 'miniProgram'>;

/** Query parameter names read by channel detection. */
export const CHANNEL_QUERY = { channel: 'channel', referrer: 'referrer' } as const;

/** How the product was reached. */
export type ChannelKind = 'web' | 'miniProgram' | 'partner';

export interface ChannelInfo {
  kind: ChannelKind;
  /** Mini-program mode: only SMS login, `reqHost` in the login payload (partner hosts included). */
  miniProgram: boolean;
  /** The partner site, when the host carries a partner marker. */
  partner: PartnerSite | null;
  /** The `channel` query value, if any. */
  channel: string | null;
  /** The `referrer` query value, if any and well-formed. */
  referrer: string | null;
  /** The host (with port) the app runs on; sent as `reqHost` in mini-program mode. */
  host: string;
}

// Referrer names become tenant/menu keys on the server: keep them to a plain, bounded token.
const REFERRER_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

function toUrl(url: string | URL): URL | null {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The host marker carried by a host name, if any (case-insensitive). */
export function hostMarkerOf(host: string): HostMarker | null {
  const lower = host.toLowerCase();
  for (const [name, marker] of Object.entries(CHANNEL_HOST_MARKERS) as Array<[HostMarker, string]>) {
    if (lower.includes(marker)) return name;
  }
  return null;
}

/** The partner site a URL is served from, if its host carries a partner marker. */
export function partnerOf(url: string | URL): PartnerSite | null {
  const parsed = toUrl(url);
  const marker = parsed ? hostMarkerOf(parsed.hostname) : null;
  return marker && marker !== 'miniProgram' ? marker : null;
}

/** The `channel` query value of a URL, trimmed; null when absent or empty. */
export function channelParamOf(url: string | URL): string | null {
  const value = toUrl(url)?.searchParams.get(CHANNEL_QUERY.channel)?.trim();
  return value ? value : null;
}

/** The `referrer` query value of a URL; null when absent or not a plain name. */
export function referrerOf(url: string | URL): string | null {
  const value = toUrl(url)?.searchParams.get(CHANNEL_QUERY.referrer)?.trim();
  return value && REFERRER_PATTERN.test(value) ? value : null;
}

/** True when the URL means mini-program mode: a `channel` parameter or a marked host. */
export function isMiniProgram(url: string | URL): boolean {
  const parsed = toUrl(url);
  if (!parsed) return false;
  return channelParamOf(parsed) !== null || hostMarkerOf(parsed.hostname) !== null;
}

/** Everything channel detection knows about a URL. */
export function detectChannel(url: string | URL): ChannelInfo {
  const parsed = toUrl(url);
  if (!parsed) return { kind: 'web', miniProgram: false, partner: null, channel: null, referrer: null, host: '' };
  const partner = partnerOf(parsed);
  const miniProgram = isMiniProgram(parsed);
  return {
    kind: partner ? 'partner' : miniProgram ? 'miniProgram' : 'web',
    miniProgram,
    partner,
    channel: channelParamOf(parsed),
    referrer: referrerOf(parsed),
    host: parsed.host,
  };
}
