import { STORAGE_KEYS } from '@productimage/core';

/** How many recently used custom colours are offered again. */
export const RECENT_COLORS_MAX = 8;

const HEX = /^#[0-9A-F]{6}$/;

/** Normalises "#abc", "abcdef", "#AbCdEf" to "#AABBCC"; null when it is not a colour. */
export function normaliseHex(value: string): string | null {
  let hex = value.trim().replace(/^#/, '').toUpperCase();
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  hex = `#${hex}`;
  return HEX.test(hex) ? hex : null;
}

interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Recent background colours, newest first, stored locally (spec 001 §3). */
export function readRecentColors(store: Store): string[] {
  try {
    const parsed = JSON.parse(store.getItem(STORAGE_KEYS.recentColors) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((c) => (typeof c === 'string' ? normaliseHex(c) : null))
      .filter((c): c is string => !!c)
      .slice(0, RECENT_COLORS_MAX);
  } catch {
    return [];
  }
}

/** Puts a colour first in the recent list (no duplicates, at most RECENT_COLORS_MAX). */
export function rememberColor(store: Store, color: string): string[] {
  const hex = normaliseHex(color);
  if (!hex) return readRecentColors(store);
  const next = [hex, ...readRecentColors(store).filter((c) => c !== hex)].slice(0, RECENT_COLORS_MAX);
  store.setItem(STORAGE_KEYS.recentColors, JSON.stringify(next));
  return next;
}

/** The colour of one pixel as "#RRGGBB". */
export function rgbToHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}
