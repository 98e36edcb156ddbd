import { isBizType, type LedgerEntry } from '@productimage/core';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { type Paging, pageWindow } from '../../platform/http/paging.ts';

/** What a ledger row's reference was made by, for references that are not tasks (issue 31). */
const TOOL_OF_REF: Record<string, string> = {
  agent_message: 'AGENT_ANSWER',
  idea_report: 'MKT_IDEA_REPORT',
  content_item: 'MKT_CONTENT',
};

/**
 * A user's points ledger, newest first (GET /api/points/ledger). `tool` names what the points went
 * to or came back from: a task's business type (its charge's note; a refund takes its charge's),
 * or the agent, report or content the reference is. The rows of one cause of many (`group_ref`: a
 * batch's item charges, its item refunds) are one line (issue 41): the group as reference
 * (`refType` "batch", `refId` its id), their sum, how many (`count`), the balance after the last.
 */
export async function listLedger(db: Db, userId: string, page: Paging): Promise<{ list: LedgerEntry[]; total: number }> {
  const lineKey = sql`coalesce(group_ref, cast(id as text))`;
  const lines = db
    .selectFrom('point_ledger')
    .where('user_id', '=', userId)
    .select((eb) => [
      eb.fn.max('id').as('last_id'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('delta').as('total'),
      eb.fn.max('group_ref').as('group_ref'),
    ])
    .groupBy(['reason', lineKey]);
  const [window, count] = await Promise.all([
    pageWindow(lines.orderBy('last_id', 'desc'), page).execute(),
    db
      .selectFrom(lines.as('lines'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const lastIds = window.map((w) => Number(w.last_id));
  const byId = new Map(
    (lastIds.length ? await db.selectFrom('point_ledger').selectAll().where('id', 'in', lastIds).execute() : []).map((r) => [
      Number(r.id),
      r,
    ]),
  );
  const rows = window.flatMap((w) => {
    const row = byId.get(Number(w.last_id));
    return row ? [{ row, count: Number(w.n), delta: Number(w.total), group: w.group_ref }] : [];
  });
  const refunded = [
    ...new Set(rows.filter(({ row: r }) => r.ref_type === 'task' && r.reason !== 'spend').map(({ row: r }) => r.ref_id)),
  ];
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
  const toolOf = (r: (typeof rows)[number]['row']): string | null => {
    if (r.ref_type === 'task') {
      const note = r.reason === 'spend' ? r.note : chargeNote.get(r.ref_id);
      return note && isBizType(note) ? note : null;
    }
    return TOOL_OF_REF[r.ref_type] ?? null;
  };
  const list = rows.map(({ row: r, count, delta, group }) => {
    const [groupType, groupId] = group ? splitGroup(group) : [null, null];
    return {
      id: Number(r.id),
      delta,
      reason: r.reason,
      refType: groupType ?? r.ref_type,
      refId: groupId ?? r.ref_id,
      balanceAfter: r.balance_after,
      note: r.note,
      tool: toolOf(r),
      count,
      createdAt: r.created_at,
    };
  });
  return { list, total: Number(count.total) };
}

/** `batch:<id>` -> ["batch", id]. */
function splitGroup(group: string): [string, string] {
  const at = group.indexOf(':');
  return at > 0 ? [group.slice(0, at), group.slice(at + 1)] : [group, ''];
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
