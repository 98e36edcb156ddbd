import type { Platform } from '@productimage/core';
import { cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { type ContentItem, type ContentService, generateRows, preparePostFields } from './multiPost.ts';

/** A content service like the API: fails on the text "broke", drafts every other platform except weibo on "partial". */
function fakeService() {
  const created: Array<{ platforms: Platform[]; productInfo: string }> = [];
  const removed: string[] = [];
  const overridden: string[] = [];
  const service: ContentService = {
    async create(input) {
      if (input.productInfo === 'broke') throw new Error('Not Enough Gold Coins');
      created.push(input);
      return `c${created.length}`;
    },
    async settle(contentId) {
      const input = created[Number(contentId.slice(1)) - 1] as { platforms: Platform[]; productInfo: string };
      return input.platforms.map(
        (platform): ContentItem => ({
          platform,
          status: input.productInfo === 'partial' && platform === 'weibo' ? 'fail' : 'success',
          socialMediaMarketingTitle: `${platform} title`,
          socialMediaMarketingContent: `${platform}: ${input.productInfo}`,
          // The server's verdict: a draft saying 全网最低价 has a block-level hit.
          compliance: input.productInfo.includes('全网最低价')
            ? { level: 'block', hits: [{ text: '全网最低价', level: 'block' }] }
            : { level: 'ok', hits: [] },
        }),
      );
    },
    async remove(contentId) {
      removed.push(contentId);
    },
    async override(contentId) {
      overridden.push(contentId);
    },
  };
  return { service, created, removed, overridden };
}

describe('multi-post', () => {
  it('writes each platform’s draft into its field and a status per row; a failing row never stops the batch', async () => {
    const base = new MemoryBase({
      tables: [{ id: 'tbl', name: 'Posts', fields: [{ id: 'fText', name: 'Text', type: FieldType.Text, isPrimary: true }] }],
    });
    await base.addRecords(
      'tbl',
      ['Summer wig sale', 'broke', '', 'partial'].map((text) => ({ fText: text ? [{ type: 'text', text }] : null })),
    );
    const platforms: Platform[] = ['xiaohongshu', 'weibo'];
    const fields = await preparePostFields(
      base,
      'tbl',
      { title: { kind: 'none' }, source: { kind: 'existing', fieldId: 'fText' } },
      platforms,
      {
        status: 'Status',
        platform: (p) => `${p} post`,
      },
    );
    const { service, created, removed } = fakeService();
    const outcomes = await generateRows(base, 'tbl', base.rows('tbl'), fields, platforms, service, {
      statusText: ({ ok, error, failed }) => (ok ? 'done' : failed?.length ? `partial ${failed.join(',')}` : `failed ${error}`),
      explain: (e) => (e instanceof Error ? e.message : String(e)),
    });
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, false]);
    const rows = base.rows('tbl');
    const f = (name: string) => base.fieldId('tbl', name) as string;
    expect(cellText(rows[0]?.fields[f('xiaohongshu post')])).toBe('xiaohongshu title\n\nxiaohongshu: Summer wig sale');
    expect(cellText(rows[0]?.fields[f('Status')])).toBe('done');
    expect(cellText(rows[1]?.fields[f('Status')])).toBe('failed Not Enough Gold Coins');
    expect(cellText(rows[2]?.fields[f('Status')])).toMatch(/^failed /);
    expect(cellText(rows[3]?.fields[f('Status')])).toBe('partial weibo');
    expect(cellText(rows[3]?.fields[f('xiaohongshu post')])).toContain('partial');
    expect(created.map((c) => c.productInfo)).toEqual(['Summer wig sale', 'partial']);
    // The drafts live in the table; the product's copies are removed unless asked to keep them.
    expect(removed).toEqual(['c1', 'c2']);
  });

  it('keeps a draft with a block-level compliance hit out of the table unless overridden, and records the override', async () => {
    const base = new MemoryBase({
      tables: [{ id: 'tbl', name: 'Posts', fields: [{ id: 'fText', name: 'Text', type: FieldType.Text, isPrimary: true }] }],
    });
    await base.addRecords('tbl', [{ fText: [{ type: 'text', text: '保温杯全网最低价' }] }]);
    const platforms: Platform[] = ['xiaohongshu'];
    const fields = await preparePostFields(
      base,
      'tbl',
      { title: { kind: 'none' }, source: { kind: 'existing', fieldId: 'fText' } },
      platforms,
      { status: 'Status', platform: (p) => `${p} post` },
    );
    const { service, overridden } = fakeService();
    const options = {
      statusText: ({ ok, blocked }: { ok: boolean; blocked?: string[] }) => (ok ? 'done' : `blocked ${blocked?.join(',')}`),
      explain: (e: unknown) => String(e),
    };
    const f = (name: string) => base.fieldId('tbl', name) as string;
    const [held] = await generateRows(base, 'tbl', base.rows('tbl'), fields, platforms, service, options);
    expect(held?.ok).toBe(false);
    expect(cellText(base.rows('tbl')[0]?.fields[f('xiaohongshu post')])).toBe('');
    expect(cellText(base.rows('tbl')[0]?.fields[f('Status')])).toBe('blocked 全网最低价');
    expect(overridden).toEqual([]);

    const [sent] = await generateRows(base, 'tbl', base.rows('tbl'), fields, platforms, service, {
      ...options,
      overrideCompliance: true,
    });
    expect(sent?.ok).toBe(true);
    expect(cellText(base.rows('tbl')[0]?.fields[f('xiaohongshu post')])).toContain('全网最低价');
    expect(overridden).toEqual(['c2']);
  });
});
