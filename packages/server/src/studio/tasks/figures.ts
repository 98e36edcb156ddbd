import { TERMINAL_TASK_STATUSES } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';

/** The cluster-wide task figures the metrics endpoint reports (app/metrics.ts), read from the tasks table. */
export async function taskFigures(db: Db, now: number) {
  const waiting = await db
    .selectFrom('tasks')
    .select(['engine', db.fn.countAll<number>().as('n'), db.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .groupBy('engine')
    .execute();
  const generating = await db
    .selectFrom('tasks')
    .select(['engine', db.fn.countAll<number>().as('n')])
    .where('status', '=', 'generating')
    .groupBy('engine')
    .execute();
  const done = await db
    .selectFrom('tasks')
    .select(['engine', 'status', db.fn.countAll<number>().as('n')])
    .where('status', 'in', [...TERMINAL_TASK_STATUSES])
    .groupBy(['engine', 'status'])
    .execute();
  const recent = await db
    .selectFrom('tasks')
    .select(['engine', 'created_at', 'finished_at'])
    .where('status', '=', 'completed')
    .where('finished_at', '>=', now - 15 * 60_000)
    .orderBy('finished_at', 'desc')
    .limit(5000)
    .execute();
  return { waiting, generating, done, recent };
}
