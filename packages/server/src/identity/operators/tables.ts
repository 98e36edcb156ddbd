/** Operators: users allowed to broadcast messages, list leads and read invite codes of one tenant. */
export interface AdminTables {
  operators: { user_id: string; tenant_id: string; created_at: number };
}
