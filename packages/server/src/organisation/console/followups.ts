import { tenantOfLead } from '../../commerce/leads/service.ts';
import type { Operator } from '../../identity/operators/operators.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { tenantOfFeedback } from '../feedback/service.ts';

export const FOLLOWUP_KINDS = ['lead', 'feedback'] as const;
export const FOLLOWUP_STATUSES = ['new', 'contacted', 'done', 'closed'] as const;
export type FollowupKind = (typeof FOLLOWUP_KINDS)[number];
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];

/** Statuses of the operator tenant's leads or feedback (rows without one are 'new'). */
export async function listFollowups(ctx: AppContext, operator: Operator, kind: FollowupKind) {
  const rows = await ctx.db
    .selectFrom('console_followups')
    .selectAll()
    .where('kind', '=', kind)
    .where('tenant_id', '=', operator.tenantId)
    .execute();
  return rows.map((r) => ({
    refId: r.ref_id,
    status: r.status as FollowupStatus,
    note: r.note,
    updatedAt: Number(r.updated_at),
  }));
}

async function tenantOf(ctx: AppContext, kind: FollowupKind, id: string): Promise<string | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  // Each table is read by the domain that owns it.
  return kind === 'lead' ? tenantOfLead(ctx, Number(id)) : tenantOfFeedback(ctx, Number(id));
}

export async function setFollowup(
  ctx: AppContext,
  operator: Operator,
  kind: FollowupKind,
  refId: string,
  status: FollowupStatus,
  note: string | null,
) {
  if ((await tenantOf(ctx, kind, refId)) !== operator.tenantId) throw new AppError('notFound');
  const now = Date.now();
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('console_followups')
      .values({ kind, ref_id: refId, tenant_id: operator.tenantId, status, note, updated_by: operator.userId, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['kind', 'ref_id']).doUpdateSet({ status, note, updated_by: operator.userId, updated_at: now }),
      )
      .execute();
    await recordAudit(trx, {
      tenantId: operator.tenantId,
      actorId: operator.userId,
      action: `console.${kind}.status`,
      target: refId,
      detail: { status, note },
    });
  });
}
