import type { Db } from '../db/index.ts';
import { listPage, type Paging } from '../http/paging.ts';

export interface AuditLogItem {
  id: string;
  actorId: string;
  actorName: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  createdAt: number;
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * One page of a tenant's audit log, newest first. `action` narrows to actions starting with it
 * (a dotted prefix such as `member.` or `kos.account`); `%` and `_` in it match literally nothing.
 */
export async function listAuditLog(
  db: Db,
  tenantId: string,
  query: Paging & { action?: string },
  /** Display names of the actors (the identity domain answers them; the platform knows no users). */
  actorNames: (ids: string[]) => Promise<Map<string, string>>,
): Promise<{ list: AuditLogItem[]; total: number }> {
  let base = db.selectFrom('audit_log').where('audit_log.tenant_id', '=', tenantId);
  if (query.action) base = base.where('audit_log.action', 'like', `${query.action.replace(/[%_]/g, '')}%`);
  const { rows, total } = await listPage(base, query, (qb) =>
    qb
      .select([
        'audit_log.id',
        'audit_log.actor_id',
        'audit_log.action',
        'audit_log.target',
        'audit_log.detail',
        'audit_log.created_at',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc'),
  );
  const names = await actorNames(rows.map((r) => r.actor_id));
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      actorId: r.actor_id,
      actorName: names.get(r.actor_id) || r.actor_id,
      action: r.action,
      target: r.target,
      detail: parseDetail(r.detail),
      createdAt: Number(r.created_at),
    })),
    total,
  };
}
