import type { LedgerEntry } from '@productimage/core';
import type { Db } from '../db/index.ts';
import { listPage, type Paging } from '../http/paging.ts';

/** A user's points ledger, newest first (GET /api/points/ledger). */
export async function listLedger(db: Db, userId: string, page: Paging): Promise<{ list: LedgerEntry[]; total: number }> {
  const base = db.selectFrom('point_ledger').where('user_id', '=', userId);
  const { rows, total } = await listPage(base, page, (qb) => qb.selectAll().orderBy('id', 'desc'));
  const list = rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    refType: r.ref_type,
    refId: r.ref_id,
    balanceAfter: r.balance_after,
    note: r.note,
    createdAt: r.created_at,
  }));
  return { list, total };
}
