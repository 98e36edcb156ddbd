import crypto from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';

/**
 * The user's own results recognised by content (issue 41): every picture the product delivers to a
 * user (an output as stored, each download size it renders, a fixed batch picture) is remembered by
 * its SHA-256, so the same bytes uploaded again are known as theirs. Such an upload is accepted by
 * every tool and the open API whatever the tenant's upload minimum (a 435 KB cutout, a 142 KB 1080P
 * background): the minimum exists for fresh camera photos, not for what the product itself made.
 */
export function contentHash(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** Remembers a picture delivered to the user (idempotent). */
export async function rememberResult(db: Db, userId: string, taskId: string, data: Buffer): Promise<void> {
  await db
    .insertInto('result_hashes')
    .values({ user_id: userId, sha256: contentHash(data), task_id: taskId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
    .execute();
}

/** Whether these bytes are a picture the product delivered to this user. */
export async function isOwnResult(db: Db, userId: string, data: Buffer): Promise<boolean> {
  const row = await db
    .selectFrom('result_hashes')
    .select('task_id')
    .where('user_id', '=', userId)
    .where('sha256', '=', contentHash(data))
    .executeTakeFirst();
  return !!row;
}
