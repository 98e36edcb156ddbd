import type { Generated } from 'kysely';

/**
 * The audit log: one append-only row per management action (who, what, when) of a tenant.
 * `action` is a dotted name such as `member.role` or `console.tenant.flags`; `detail` is JSON.
 */
export interface AuditLogTables {
  audit_log: {
    id: Generated<number>;
    tenant_id: string;
    actor_id: string;
    action: string;
    target: string | null;
    detail: string;
    created_at: number;
  };
}
