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
    created_at: number;
    finished_at: number | null;
  };
  ai_photo_prices: { unit: string; cny: number; updated_at: number };
}
