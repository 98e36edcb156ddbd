import { describe, expect, it } from 'vitest';
import { calendarMonth } from './calendar.ts';

const entriesOn = (days: ReturnType<typeof calendarMonth>, day: string) => days.find((d) => d.day === day)?.entries ?? [];

describe('marketing calendar', () => {
  it('puts Spring Festival 2026 on 2026/02/17 as a day off, with the make-up workdays around it', () => {
    const feb = calendarMonth({ year: 2026, month: 2, lang: 'zh' });
    expect(entriesOn(feb, '2026/02/17')).toContainEqual({ name: '春节', type: 'festival', holiday: 'off' });
    // 2026/02/14 (Saturday) and 2026/02/28 (Saturday) are make-up workdays for the Spring Festival.
    expect(entriesOn(feb, '2026/02/14')).toContainEqual(expect.objectContaining({ holiday: 'work', name: '春节' }));
    expect(entriesOn(feb, '2026/02/28')).toContainEqual(expect.objectContaining({ holiday: 'work' }));
    expect(entriesOn(feb, '2026/02/14')).toContainEqual({ name: '情人节', type: 'festival' });
  });

  it('puts 清明 2026 on 2026/04/05 as a solar term', () => {
    const apr = calendarMonth({ year: 2026, month: 4, lang: 'zh', types: ['solar_term'] });
    expect(apr).toEqual([
      { day: '2026/04/05', entries: [{ name: '清明', type: 'solar_term' }] },
      { day: '2026/04/20', entries: [{ name: '谷雨', type: 'solar_term' }] },
    ]);
  });

  it('lists platform nodes with activity descriptions only when asked, lunar ones on their computed day', () => {
    const aug = calendarMonth({ year: 2026, month: 8, lang: 'en', types: ['platform_node'], showActivityDesc: true });
    const qixi = entriesOn(aug, '2026/08/19')[0]!;
    expect(qixi.name).toBe('Qixi');
    expect(qixi.desc).toMatch(/Valentine/);
    const nov = calendarMonth({ year: 2026, month: 11, lang: 'zh', types: ['platform_node'] });
    expect(nov).toEqual([{ day: '2026/11/11', entries: [{ name: '双11', type: 'platform_node' }] }]);
    // 年货节 on 腊八: 2026/01/26 (of lunar 2025) and 2027/01/15 (of lunar 2026).
    expect(entriesOn(calendarMonth({ year: 2026, month: 1, lang: 'zh', types: ['platform_node'] }), '2026/01/26')[0]?.name).toBe(
      '年货节',
    );
    expect(entriesOn(calendarMonth({ year: 2027, month: 1, lang: 'zh', types: ['platform_node'] }), '2027/01/15')[0]?.name).toBe(
      '年货节',
    );
  });

  it('names festivals, solar terms and nodes in English for the English calendar', () => {
    const nov = calendarMonth({ year: 2026, month: 11, lang: 'en' });
    const names = nov.flatMap((d) => d.entries.map((e) => e.name));
    expect(names).toContain('Start of Winter');
    expect(names).toContain('Double 11');
    expect(names.filter((n) => /[\u3400-\u9fff]/.test(n))).toEqual([]);
  });

  it('filters by type', () => {
    const mar = calendarMonth({ year: 2026, month: 3, lang: 'zh', types: ['festival'] });
    expect(mar.flatMap((d) => d.entries).every((e) => e.type === 'festival')).toBe(true);
    expect(entriesOn(mar, '2026/03/08')).toContainEqual({ name: '妇女节', type: 'festival' });
  });
});
