import { KNOWLEDGE_TRAIN } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { tasksById } from '../../studio/tasks/reads.ts';
import { createTask, stopUserTask } from '../../studio/tasks/service.ts';

/**
 * Knowledge training on the task platform, from the knowledge domain's side: queueing a run as a
 * task of the collection's owner, stopping it, and giving orphaned collections a task at start.
 * The run itself is the `knowledge-trainer` engine (training.ts).
 */

/**
 * Queues a training run of a collection (status `training`) as a task of its owner, and links it.
 * With `replacing`, the link is made only if the collection still names that task (another process
 * may have queued it meanwhile; then the new task is stopped again).
 */
export async function queueTraining(
  ctx: AppContext,
  owner: { id: string; tenantId: string },
  collectionId: number,
  replacing?: string | null,
) {
  const { taskId } = await createTask(ctx, owner, {
    bizType: KNOWLEDGE_TRAIN,
    params: { collectionId: String(collectionId) },
    inputs: [],
  });
  let link = ctx.db.updateTable('knowledge_collections').set({ task_id: taskId }).where('id', '=', collectionId);
  if (replacing !== undefined)
    link = replacing === null ? link.where('task_id', 'is', null) : link.where('task_id', '=', replacing);
  const linked = await link.executeTakeFirst();
  if (Number(linked.numUpdatedRows) === 0) await stopTraining(ctx, owner.id, taskId);
  return taskId;
}

/** Stops the collection's running training task (its progress stays; retry goes on from there). */
export async function stopTraining(ctx: AppContext, userId: string, taskId: string | null) {
  if (!taskId) return;
  await stopUserTask(ctx, userId, taskId, 'zh').catch(() => undefined);
}

/**
 * Collections left training without a task (made before training ran on the task platform, or
 * whose task was lost): each gets a task now, so nothing waits forever. Run at start.
 */
export async function queueOrphanTraining(ctx: AppContext): Promise<void> {
  const training = await ctx.db
    .selectFrom('knowledge_collections')
    .select(['id', 'user_id as userId', 'tenant_id as tenantId', 'task_id as taskId'])
    .where('status', '=', 'training')
    .where('remote_id', 'is', null)
    .execute();
  const tasks = await tasksById(
    ctx.db,
    training.map((r) => r.taskId),
  );
  // A collection whose task row is gone is left alone, as before.
  const rows = training.filter((r) => {
    const status = r.taskId ? tasks.get(r.taskId)?.status : undefined;
    return !r.taskId || status === 'completed' || status === 'failed' || status === 'stopped';
  });
  for (const row of rows) await queueTraining(ctx, { id: row.userId, tenantId: row.tenantId }, Number(row.id), row.taskId);
}
