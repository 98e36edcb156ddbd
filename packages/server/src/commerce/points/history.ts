import { isBizType, type LedgerEntry } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';

/** What a ledger row's reference was made by, for references that are not tasks (issue 31). */
const TOOL_OF_REF: Record<string, string> = {
  agent_message: 'AGENT_ANSWER',
  idea_report: 'MKT_IDEA_REPORT',
  content_item: 'MKT_CONTENT',
};

/**
 * A user's points ledger, newest first (GET /api/points/ledger). `tool` names what the points went
 * to or came back from: a task's business type (its charge's note; a refund takes its charge's),
 * or the agent, report or content the reference is.
 */
export async function listLedger(db: Db, userId: string, page: Paging): Promise<{ list: LedgerEntry[]; total: number }> {
  const base = db.selectFrom('point_ledger').where('user_id', '=', userId);
  const { rows, total } = await listPage(base, page, (qb) => qb.selectAll().orderBy('id', 'desc'));
  const refunded = [...new Set(rows.filter((r) => r.ref_type === 'task' && r.reason !== 'spend').map((r) => r.ref_id))];
  const charges = refunded.length
    ? await db
        .selectFrom('point_ledger')
        .select(['ref_id', 'note'])
        .where('user_id', '=', userId)
        .where('reason', '=', 'spend')
        .where('ref_type', '=', 'task')
        .where('ref_id', 'in', refunded)
        .execute()
    : [];
  const chargeNote = new Map(charges.map((c) => [c.ref_id, c.note]));
  const toolOf = (r: (typeof rows)[number]): string | null => {
    if (r.ref_type === 'task') {
      const note = r.reason === 'spend' ? r.note : chargeNote.get(r.ref_id);
      return note && isBizType(note) ? note : null;
    }
    return TOOL_OF_REF[r.ref_type] ?? null;
  };
  const list = rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    refType: r.ref_type,
    refId: r.ref_id,
    balanceAfter: r.balance_after,
    note: r.note,
    tool: toolOf(r),
    createdAt: r.created_at,
  }));
  return { list, total };
}

/** Points spent and refunded across the whole ledger (the metrics endpoint's inspo_points). */
export async function spendAndRefundTotals(db: Db) {
  return db
    .selectFrom('point_ledger')
    .select(['reason', db.fn.sum<number>('delta').as('total')])
    .where('reason', 'in', ['spend', 'refund'])
    .groupBy('reason')
    .execute();
}
