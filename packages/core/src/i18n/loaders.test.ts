import { describe, expect, it } from 'vitest';
import { loaders, NAMESPACES } from './loaders.ts';
import { resources } from './resources.ts';

/** Every key path of a namespace, plural suffixes folded (English has _one and _other, Chinese _other only). */
function keysOf(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')],
  );
}

describe('i18n loaders (the web app loads namespaces on demand)', () => {
  it('offer every namespace of resources.ts, for both languages', () => {
    expect(NAMESPACES).toEqual(Object.keys(resources.zh));
    expect(Object.keys(loaders.en)).toEqual(Object.keys(resources.en));
  });

  it('load the very strings that resources.ts holds', async () => {
    for (const language of ['zh', 'en'] as const) {
      for (const ns of NAMESPACES) {
        const loaded = await loaders[language][ns]();
        expect(loaded.default, `${language}/${ns}`).toBe(resources[language][ns]);
      }
    }
  });

  // The web app loads one language only (no fallback language): a key missing in English would show raw.
  it('give English and Chinese the same keys in every namespace', () => {
    for (const ns of NAMESPACES) {
      expect(new Set(keysOf(resources.en[ns])), ns).toEqual(new Set(keysOf(resources.zh[ns])));
    }
  });

  // One currency word (issue 31): 灵石 in Chinese. FASHN's own "credits" (aiPhoto priceUnits) are the
  // engine vendor's unit, not ours, and keep their name.
  it('name our currency 灵石 in Chinese, never 积分', () => {
    const values = (bundle: object): string[] =>
      Object.values(bundle).flatMap((v) => (v && typeof v === 'object' ? values(v) : [String(v)]));
    for (const ns of NAMESPACES) {
      const offending = values(resources.zh[ns]).filter((v) => v.includes('积分') && !v.startsWith('FASHN'));
      expect(offending, ns).toEqual([]);
    }
  });
});
