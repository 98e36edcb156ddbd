import { cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { prepareReviewFields, ReviewFieldError, reviewStatus, writeDecision } from './review.ts';

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
