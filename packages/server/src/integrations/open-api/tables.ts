/**
 * The open API for merchants' own systems (docs/open-api.md, API.md "Open API").
 * - api_keys: a member's keys; only the SHA-256 of the key is stored (the key is shown once). A team
 *   key (team = 1) still acts for the owner or admin who made it, and every owner and admin of the
 *   tenant sees and may revoke it.
 *   `scopes` and `biz_types` are JSON arrays; `biz_types` null means every business type.
 * - api_key_tasks: which key created which task, with the optional Idempotency-Key and a hash of the
 *   request body (unique per key, written in the task's own transaction, so a retried create finds
 *   the first task and is never charged twice); `notified_at` marks tasks whose final state has
 *   been turned into webhook deliveries.
 * - webhooks: HTTPS endpoints a member registered, with their signing secret and events (JSON).
 * - webhook_deliveries: one row per event and endpoint; retried with back-off for a day.
 */
export interface OpenApiTables {
  api_keys: {
    id: string;
    user_id: string;
    tenant_id: string;
    name: string;
    key_hash: string;
    /** The key's first characters, so a member can tell keys apart. */
    prefix: string;
    scopes: string;
    biz_types: string | null;
    created_at: number;
    last_used_at: number | null;
    last_used_ip: string | null;
    revoked_at: number | null;
    /** 1: a team key, listed to and revocable by every owner and admin of the tenant. */
    team: number;
  };
  api_key_tasks: {
    task_id: string;
    key_id: string;
    user_id: string;
    idempotency_key: string | null;
    body_hash: string;
    created_at: number;
    notified_at: number | null;
  };
  /** Batches created with a key (the batch studio's), for batch.completed deliveries. */
  api_key_batches: {
    batch_id: string;
    key_id: string;
    user_id: string;
    created_at: number;
    notified_at: number | null;
  };
  webhooks: {
    id: string;
    user_id: string;
    tenant_id: string;
    url: string;
    events: string;
    secret: string;
    created_at: number;
    deleted_at: number | null;
  };
  webhook_deliveries: {
    id: string;
    webhook_id: string;
    user_id: string;
    event: string;
    /** The exact JSON body that is signed and sent. */
    payload: string;
    /** 'pending' (due at next_attempt_at), 'delivered', 'failed' (gave up after a day). */
    status: string;
    attempts: number;
    next_attempt_at: number | null;
    /** A process sending it holds it until then (several processes share the table). */
    lease_until: number | null;
    last_attempt_at: number | null;
    last_status: number | null;
    last_error: string | null;
    created_at: number;
  };
}
