import type { Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  tenantId: string;
  actorId: string;
  /** Dotted name of the action, e.g. `member.role`, `invitation.create`, `console.tenant.flags`. */
  action: string;
  /** What the action was done to (a user id, an invitation id, a tenant id...). */
  target?: string;
  /** What changed (kept small: ids, old and new values; never secrets). */
  detail?: Record<string, unknown>;
}

/**
 * Appends one row to the tenant's audit log. Pass the transaction of the change itself so that the
 * change and its record land together or not at all.
 */
export async function recordAudit(db: Db | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_id: entry.actorId,
      action: entry.action,
      target: entry.target ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: Date.now(),
    })
    .execute();
}
