/**
 * AI photography through the fashion providers (engines/ai-photo, docs/engines.md "Fashion providers").
 *
 * - ai_photo_routes: the routing table operators edit in the console, one row per business type:
 *   the provider (`fashn`, `dashscope`, `fal`), its model ('' = the provider's default), operator
 *   parameters merged into the provider's request (JSON), and the unit cost per picture recorded when
 *   the provider reports none (null: none known). A type without a row goes to the first configured
 *   provider that serves it. Read at every task, so a change needs no restart.
 * - ai_photo_runs: one row per task the `ai-photo` engine ran: which provider and model made it,
 *   the provider's id, what the provider charged (`cost` in `currency`: credits, CNY or USD, and
 *   `cost_source`: reported by the provider, the route's unit cost, or its published price), the
 *   points the task cost, how it ended, the error catalogue key and provider's message of a failure,
 *   and whether the garment lock composited the product's own pixels back (`garment_locked` 0/1
 *   with a note when it was skipped; `originals`: the provider's own pictures of the locked ones).
 * - ai_photo_attempts, ai_photo_circuits: the router's attempts per task and circuit breakers (engine.ts, circuit.ts).
 * - ai_photo_prices: the operator's price table for the loss warning: CNY per unit of each currency
 *   (`credits`, `CNY`, `USD`) and per point (`points`).
 */
export interface AiPhotoTables {
  ai_photo_routes: {
    biz_type: string;
    provider: string;
    model: string;
    params: string;
    unit_cost: number | null;
    updated_at: number;
    /** The route as an ordered provider list, JSON `[{ provider, model, params, unitCost }]` (migration 0255); null: the one step above. */
    chain: string | null;
  };
  ai_photo_runs: {
    task_id: string;
    biz_type: string;
    provider: string;
    model: string;
    provider_task_id: string | null;
    cost: number | null;
    currency: string;
    /** `reported`, `route`, `published` or null (no price known): migration 0210. */
    cost_source: string | null;
    points: number;
    status: 'running' | 'completed' | 'failed' | 'stopped';
    error: string | null;
    message: string | null;
    garment_locked: number;
    lock_note: string | null;
    /** Garment-locked runs: the provider's own picture of each output (`/files/<key>` or null), JSON; migration 0240. */
    originals: string | null;
    /** Per output: the garment lock's `{ mean, p95 }` CIEDE2000 inside the garment, or null (JSON; migration 0255). */
    fidelity: string | null;
    created_at: number;
    finished_at: number | null;
  };
  ai_photo_prices: { unit: string; cny: number; updated_at: number };
  /** One row per provider a task was tried on, in order (`seq` from 0): `ok`, `failed` (handed on), `refused`, `stopped`. */
  ai_photo_attempts: {
    task_id: string;
    seq: number;
    biz_type: string;
    provider: string;
    model: string;
    outcome: 'ok' | 'failed' | 'refused' | 'stopped';
    /** The error catalogue key (or `lowFidelity`) of a failed or refused attempt. */
    error: string | null;
    ms: number;
    created_at: number;
  };
  /** Each provider's circuit breaker: consecutive failures, when it opened (null: closed), a half-open probe under way (0/1). */
  ai_photo_circuits: {
    provider: string;
    failures: number;
    opened_at: number | null;
    probing: number;
    last_error: string | null;
    updated_at: number;
  };
}
