import type { Config } from '../../platform/config.ts';

/** The external video tools (spec 000 §7): 0 mixed cutting, 5 muse, 10 muse recommend. */
export const EXTERNAL_VIDEO_TYPES = [0, 5, 10] as const;
export type ExternalVideoType = (typeof EXTERNAL_VIDEO_TYPES)[number];

/**
 * EXTERNAL_VIDEO_URLS=`0=https://...,5=https://...,10=https://...`. Entries that are not an http(s)
 * URL for a known type are ignored, so a typo reads as "not configured", never as a broken link.
 */
export function parseExternalVideoUrls(raw: string): Map<ExternalVideoType, string> {
  const urls = new Map<ExternalVideoType, string>();
  for (const entry of raw.split(',')) {
    const at = entry.indexOf('=');
    if (at < 0) continue;
    const type = Number(entry.slice(0, at).trim()) as ExternalVideoType;
    const url = entry.slice(at + 1).trim();
    if (!EXTERNAL_VIDEO_TYPES.includes(type)) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') urls.set(type, parsed.toString());
    } catch {
      // ignored: not a URL
    }
  }
  return urls;
}

export const externalVideoUrl = (config: Pick<Config, 'EXTERNAL_VIDEO_URLS'>, type: ExternalVideoType): string | null =>
  parseExternalVideoUrls(config.EXTERNAL_VIDEO_URLS).get(type) ?? null;
