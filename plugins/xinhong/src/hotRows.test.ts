import { cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { COLUMNS, type HotRow, importHotRows, parseHeat } from './hotRows.ts';

const names = Object.fromEntries(COLUMNS.map((c) => [c, c])) as Record<(typeof COLUMNS)[number], string>;
const row = (i: number, extra: Partial<HotRow> = {}): HotRow => ({
  title: `Hot ${i}`,
  heat: i * 1000,
  likes: null,
  collects: null,
  comments: null,
  link: `https://weibo.com/${i}`,
  platform: 'weibo',
  source: 'feed',
  ...extra,
});

describe('xinhong', () => {
  it('reads heat as the feeds write it', () => {
    expect([
      parseHeat('1.2万'),
      parseHeat('3亿'),
      parseHeat('98w'),
      parseHeat('12,345'),
      parseHeat(77),
      parseHeat('hot'),
      parseHeat(null),
    ]).toEqual([12000, 300000000, 980000, 12345, 77, null, null]);
  });

  it('imports hot rows with their metrics and updates them on the next import', async () => {
    const base = new MemoryBase({ tables: [{ id: 'tbl', name: 'Hot' }] });
    expect(
      await importHotRows(base, 'tbl', [row(1), row(2), row(3, { link: '', likes: 5, collects: 6, comments: 7 })], names, 1000),
    ).toEqual({
      added: 3,
      updated: 0,
    });
    const types = Object.fromEntries((await base.fields('tbl')).map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      heat: FieldType.Number,
      likes: FieldType.Number,
      link: FieldType.Url,
      updated: FieldType.DateTime,
    });
    expect(await importHotRows(base, 'tbl', [row(1, { heat: 5 }), row(3, { link: '', likes: 50 }), row(4)], names, 2000)).toEqual(
      {
        added: 1,
        updated: 2,
      },
    );
    const rows = base.rows('tbl');
    const id = (n: string) => base.fieldId('tbl', n) as string;
    expect(rows).toHaveLength(4);
    expect(rows[0]?.fields[id('heat')]).toBe(5);
    expect(rows[2]?.fields[id('likes')]).toBe(50);
    expect(cellText(rows[2]?.fields[id('title')])).toBe('Hot 3');
    expect(rows[0]?.fields[id('updated')]).toBe(2000);
  });
});
