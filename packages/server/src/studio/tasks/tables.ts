import type { TaskStatus } from '@productimage/core';
import type { Generated } from 'kysely';

/**
 * Generation tasks (API.md "Generation tasks"; docs/engines.md, docs/scaling.md).
 *
 * - tasks: one row per task. `params` is the validated parameter object and `inputs` the input
 *   files ([{ url, key }]) as JSON; `outputs` ([{ url, type, key }]) once completed. A running task
 *   names the worker that claimed it; `attempts` counts claims, so a task whose worker died is
 *   resumed once and failed (and refunded) after that. `deleted_at` hides a task from its owner.
 *   Text business types keep their streamed text in `text` and their JSON result in `data`.
 * - task_outputs: which user owns which generated file, so outputs can be fed back as inputs
 *   (a cutout into the background tool) and removed with their task.
 * - task_workers: live worker processes and their heartbeats; a task whose worker's heartbeat is
 *   older than the lease belongs to a dead process.
 * - task_ratings: the rating dialog's score and reasons, one per user and task.
 * - task_download_locks: one download of an output at a time, shared by every process.
 * - result_hashes: content hashes of the pictures delivered to a user (outputs, each download size),
 *   so a downloaded result uploaded again is known as theirs (own-results.ts, issue 41).
 */
export interface TaskTables {
  tasks: {
    id: string;
    user_id: string;
    tenant_id: string;
    biz_type: string;
    engine: string;
    params: string;
    inputs: string;
    status: TaskStatus;
    progress: number;
    outputs: string;
    cost: number;
    error: string | null;
    attempts: number;
    worker_id: string | null;
    created_at: number;
    updated_at: number;
    started_at: number | null;
    finished_at: number | null;
    deleted_at: number | null;
    /** Text types: the streamed text so far, final once completed (0050). */
    text: string | null;
    /** Text types with a result schema: the structured JSON result (0050). */
    data: string | null;
    /** The owner's tier rank when accepted (0035; studio/tasks/priority.ts). */
    priority: Generated<number>;
    /** Claim order: created_at minus the tier's head start (0035). */
    queue_key: Generated<number>;
    /** The batch this task is an item of (0252): the history shows a batch as one card. */
    batch_id: string | null;
  };
  task_outputs: { key: string; task_id: string; user_id: string; created_at: number };
  task_workers: { id: string; host: string; pid: number; engines: string; started_at: number; heartbeat_at: number };
  task_ratings: { task_id: string; user_id: string; score: number; reasons: string; comment: string | null; created_at: number };
  task_download_locks: { key: string; expires_at: number; owner: string | null };
  result_hashes: { user_id: string; sha256: string; task_id: string; created_at: number };
}
