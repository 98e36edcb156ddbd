/**
 * The batch studio (issue 33; docs/batches.md).
 *
 * - batches: one per batch: the recipe (business type + params, the same for every item), the
 *   preset its pictures are checked against, the points charged for it and its status.
 * - batch_items: one per picture. `task_id` is the current attempt's task id, chosen (and charged
 *   under the task's ledger reference) when the batch or its retry is accepted; the task row itself
 *   is written only when the item is released to the queue (`state` queued -> released), a few at a
 *   time per user (fair share). `task_ids` lists every attempt. `checks` is the item's export checked
 *   against the batch's preset; `fixed` a one-click fix's file ({ preset, key, url, checks });
 *   `regions` and `choices` the item's cut choices (issue 44, item-regions.ts).
 * - batch_presets: marketplace export rules, editable by operators (PUT /api/batches/presets/:name).
 */
export type BatchStatus = 'running' | 'completed' | 'stopped' | 'partial';
export type BatchItemState = 'queued' | 'released' | 'stopped';

export interface BatchTables {
  batches: {
    id: string;
    user_id: string;
    tenant_id: string;
    biz_type: string;
    params: string;
    preset: string | null;
    item_cost: number;
    cost: number;
    status: BatchStatus;
    created_at: number;
    updated_at: number;
    finished_at: number | null;
  };
  batch_items: {
    id: string;
    batch_id: string;
    user_id: string;
    seq: number;
    source_name: string;
    inputs: string;
    state: BatchItemState;
    task_id: string;
    task_ids: string;
    checks: string | null;
    fixed: string | null;
    /** What a cut of the item's picture keeps or leaves out beside the product (item-regions.ts); null until looked for. */
    regions: string | null;
    /** The keep/drop points the item's run honours (`{ keep?, drop? }`), or null. */
    choices: string | null;
    updated_at: number;
  };
  batch_presets: {
    name: string;
    label: string;
    width: number;
    height: number;
    format: 'jpeg' | 'png' | 'webp';
    max_bytes: number;
    rules: string;
    source: string;
    updated_at: number;
    updated_by: string | null;
  };
}
