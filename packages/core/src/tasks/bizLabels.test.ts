import { describe, expect, it } from 'vitest';
import en from '../i18n/en/tasks.ts';
import zh from '../i18n/zh/tasks.ts';
import { bizTypeNames } from '../index.ts';

describe('business type labels', () => {
  it('names every registered business type in zh and en (history, ledger, filters show them)', () => {
    const names = bizTypeNames();
    expect(names.length).toBeGreaterThan(20);
    for (const table of [zh, en]) expect(names.filter((n) => !(`biz_${n}` in table))).toEqual([]);
  });
});
