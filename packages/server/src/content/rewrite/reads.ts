import type { TaskStatus } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { tasksById } from '../../studio/tasks/reads.ts';

/** What other domains read of rewrites (the hot-content workbench lists them as its records). */

/** One page of the user's batches of one kind, newest first, and the total. */
export async function rewriteBatchPage(db: Db, owner: { id: string; tenantId: string }, kind: string, page: Paging) {
  const base = db
    .selectFrom('rewrite_batches')
    .where('user_id', '=', owner.id)
    .where('tenant_id', '=', owner.tenantId)
    .where('kind', '=', kind);
  return listPage(base, page, (q) => q.select(['id', 'input', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/** The items of these batches in their order, with their task's status and text (items whose task is gone are left out). */
export async function rewriteItemsOf(
  db: Db,
  batchIds: readonly string[],
): Promise<Array<{ batchId: string; status: TaskStatus; text: string | null }>> {
  if (!batchIds.length) return [];
  const items = await db
    .selectFrom('rewrite_items')
    .select(['batch_id', 'task_id'])
    .where('batch_id', 'in', [...batchIds])
    .orderBy('position')
    .execute();
  const tasks = await tasksById(
    db,
    items.map((i) => i.task_id),
  );
  return items.flatMap((i) => {
    const task = tasks.get(i.task_id);
    return task ? [{ batchId: i.batch_id, status: task.status, text: task.text }] : [];
  });
}
