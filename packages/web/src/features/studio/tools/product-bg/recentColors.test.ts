import { describe, expect, it } from 'vitest';
import { normaliseHex, RECENT_COLORS_MAX, readRecentColors, rememberColor, rgbToHex } from './recentColors.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('recent background colours', () => {
  it('keeps the newest first without duplicates, at most 8', () => {
    const store = memory();
    rememberColor(store, '#112233');
    rememberColor(store, '#abcdef');
    expect(rememberColor(store, '#112233')).toEqual(['#112233', '#ABCDEF']);
    for (let i = 0; i < 12; i++) rememberColor(store, rgbToHex(i, i, i));
    const recent = readRecentColors(store);
    expect(recent).toHaveLength(RECENT_COLORS_MAX);
    expect(recent[0]).toBe('#0B0B0B');
  });

  it('survives a corrupt stored value', () => {
    const store = memory();
    store.setItem('RECENT_BACKGROUND_COLORS', '{not json');
    expect(readRecentColors(store)).toEqual([]);
    store.setItem('RECENT_BACKGROUND_COLORS', JSON.stringify(['#fff', 'red', 42]));
    expect(readRecentColors(store)).toEqual(['#FFFFFF']);
  });

  it('normalises colours', () => {
    expect(normaliseHex('abc')).toBe('#AABBCC');
    expect(normaliseHex('#A4abbc')).toBe('#A4ABBC');
    expect(normaliseHex('#12345')).toBeNull();
    expect(rgbToHex(35, 82, 216)).toBe('#2352D8');
  });
});
