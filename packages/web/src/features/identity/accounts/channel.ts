import { CHANNEL_QUERY, type ChannelInfo, detectChannel } from '@productimage/core';

const STORAGE_KEY = 'ENTRY_CHANNEL';

/**
 * The channel this tab was opened through. The `channel` and `referrer` query parameters arrive
 * only on the entry URL and in-app navigation drops them, so they are remembered for the tab's
 * session and put back before detection (host markers are seen on every load anyway).
 */
function entryChannel(): ChannelInfo {
  const url = new URL(window.location.href);
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
    for (const name of Object.values(CHANNEL_QUERY)) {
      const value = url.searchParams.get(name);
      if (value) stored[name] = value;
      else if (stored[name]) url.searchParams.set(name, stored[name]);
    }
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // storage may be unavailable (some web views): the entry URL alone decides
  }
  return detectChannel(url);
}

export const channel: ChannelInfo = entryChannel();
