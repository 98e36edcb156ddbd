import type { TeamRole } from '@productimage/core';

/**
 * Teams inside a tenant (docs/team-and-console.md).
 * - team_roles: a user's role in their tenant; users without a row are members.
 * - team_invitations: a link (token, only its hash stored) or a phone number that gives a role in
 *   the tenant to whoever registers or logs in with it before it expires; revocable, single use.
 * - team_pools: the enterprise points pool of a tenant; team_pool_ledger: one row per pool move
 *   (allocations to members, returns, operator top-ups) written in the same transaction.
 */
export interface TeamTables {
  team_roles: {
    tenant_id: string;
    user_id: string;
    role: TeamRole;
    created_at: number;
    updated_at: number;
  };
  team_invitations: {
    id: string;
    tenant_id: string;
    role: TeamRole;
    /** 'link' or 'phone'. */
    kind: string;
    /** The invited phone (phone invitations). */
    phone: string | null;
    /** SHA-256 of the link token (link invitations). */
    token_hash: string | null;
    created_by: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    accepted_by: string | null;
    accepted_at: number | null;
  };
  team_pools: { tenant_id: string; balance: number; updated_at: number };
  team_pool_ledger: {
    id: string;
    tenant_id: string;
    delta: number;
    balance_after: number;
    /** 'topup' (console), 'allocate' (to a member), 'reclaim' (back from a member). */
    reason: string;
    user_id: string | null;
    actor_id: string;
    note: string | null;
    created_at: number;
  };
}
