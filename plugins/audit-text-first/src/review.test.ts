import { cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { checkRows, markRows, prepareReviewFields, ReviewFieldError, reviewStatus, writeDecision } from './review.ts';

const labels = { approved: 'Approved', rejected: 'Rejected', pending: 'Pending' };

function setup() {
  const base = new MemoryBase({
    tables: [{ id: 'tbl', name: 'Drafts', fields: [{ id: 'fText', name: 'Text', type: FieldType.Text, isPrimary: true }] }],
  });
  return base;
}

describe('audit-text-first review', () => {
  it('creates the missing fields with their types and writes status, reviewer, time and comment', async () => {
    const base = setup();
    const [recordId] = await base.addRecords('tbl', [{ fText: [{ type: 'text', text: 'Buy our wig' }] }]);
    const fields = await prepareReviewFields(
      base,
      'tbl',
      {
        text: { kind: 'existing', fieldId: 'fText' },
        status: { kind: 'create', name: 'Status' },
        reviewer: { kind: 'create', name: 'Reviewer' },
        time: { kind: 'create', name: 'Reviewed at' },
        comment: { kind: 'create', name: 'Comment' },
      },
      labels,
    );
    const metas = await base.fields('tbl');
    expect(metas.map((f) => [f.name, f.type])).toEqual([
      ['Text', FieldType.Text],
      ['Status', FieldType.SingleSelect],
      ['Reviewer', FieldType.Text],
      ['Reviewed at', FieldType.DateTime],
      ['Comment', FieldType.Text],
    ]);
    expect(fields.status.property?.options?.map((o) => o.name)).toEqual(['Pending', 'Approved', 'Rejected']);

    await writeDecision(base, 'tbl', recordId as string, fields, {
      decision: 'rejected',
      comment: ' too long ',
      reviewer: 'Ann',
      labels,
      now: 1_700_000_000_000,
    });
    const [row] = base.rows('tbl');
    expect(row?.fields[fields.status.id]).toEqual({ id: fields.status.property?.options?.[2]?.id, text: 'Rejected' });
    expect(cellText(row?.fields[fields.reviewer?.id as string])).toBe('Ann');
    expect(row?.fields[fields.time?.id as string]).toBe(1_700_000_000_000);
    expect(cellText(row?.fields[fields.comment?.id as string])).toBe('too long');
    expect(reviewStatus(row as never, fields.status, labels)).toBe('rejected');
  });

  it('reuses fields of a previous review and writes a plain text status', async () => {
    const base = setup();
    await base.addField('tbl', { name: 'Status', type: FieldType.Text });
    const [recordId] = await base.addRecords('tbl', [{}]);
    const choices = {
      text: { kind: 'existing', fieldId: 'fText' },
      status: { kind: 'create', name: 'Status' },
      reviewer: { kind: 'none' },
      time: { kind: 'none' },
      comment: { kind: 'none' },
    } as const;
    const fields = await prepareReviewFields(base, 'tbl', choices, labels);
    expect((await base.fields('tbl')).length).toBe(2);
    await writeDecision(base, 'tbl', recordId as string, fields, { decision: 'approved', comment: '', reviewer: 'x', labels });
    expect(cellText(base.rows('tbl')[0]?.fields[fields.status.id])).toBe('Approved');
  });

  it('refuses a select status field without the option and a field of the wrong type', async () => {
    const base = setup();
    const statusId = await base.addField('tbl', {
      name: 'State',
      type: FieldType.SingleSelect,
      property: { options: [{ name: 'Done' }] },
    });
    const numberId = await base.addField('tbl', { name: 'Score', type: FieldType.Number });
    const [recordId] = await base.addRecords('tbl', [{}]);
    const fields = await prepareReviewFields(
      base,
      'tbl',
      {
        text: { kind: 'existing', fieldId: 'fText' },
        status: { kind: 'existing', fieldId: statusId },
        reviewer: { kind: 'none' },
        time: { kind: 'none' },
        comment: { kind: 'none' },
      },
      labels,
    );
    await expect(
      writeDecision(base, 'tbl', recordId as string, fields, { decision: 'approved', comment: '', reviewer: '', labels }),
    ).rejects.toBeInstanceOf(ReviewFieldError);
    expect(base.rows('tbl')[0]?.fields).toEqual({});
    await expect(
      prepareReviewFields(
        base,
        'tbl',
        {
          text: { kind: 'existing', fieldId: 'fText' },
          status: { kind: 'existing', fieldId: numberId },
          reviewer: { kind: 'none' },
          time: { kind: 'none' },
          comment: { kind: 'none' },
        },
        labels,
      ),
    ).rejects.toMatchObject({ key: 'audit.wrongType' });
  });
});

describe('audit-text-first compliance marks', () => {
  const levels = { ok: 'OK', warn: 'Warning', block: 'Violation' };
  it('checks every row and pre-marks each with its verdict in a compliance field created when missing', async () => {
    const base = setup();
    const ids = await base.addRecords('tbl', [
      { fText: [{ type: 'text', text: '全网最低价，加微信' }] },
      { fText: [{ type: 'text', text: '第一次用，很清爽' }] },
      {},
    ]);
    const asked: string[] = [];
    const verdicts = await checkRows(base.rows('tbl'), (await base.fields('tbl'))[0] as never, async (text) => {
      asked.push(text);
      return text.includes('全网最低价')
        ? {
            level: 'block',
            hits: [
              { start: 0, end: 5, text: '全网最低价', level: 'block', reason: 'r' },
              { start: 6, end: 9, text: '加微信', level: 'warn', reason: 'r' },
            ],
          }
        : { level: 'ok', hits: [] };
    });
    expect(asked).toEqual(['全网最低价，加微信', '第一次用，很清爽']);
    const field = await markRows(base, 'tbl', 'Compliance', verdicts, levels);
    expect(field.type).toBe(FieldType.Text);
    const cells = base.rows('tbl').map((r) => cellText(r.fields[field.id]));
    expect(cells).toEqual(['Violation: 全网最低价, 加微信', 'OK', 'OK']);
    expect(ids.length).toBe(3);
    // Marking again reuses the field.
    await markRows(base, 'tbl', 'Compliance', verdicts, levels);
    expect((await base.fields('tbl')).filter((f) => f.name === 'Compliance').length).toBe(1);
  });
});
