import { isHandoverKey } from '../engines/ai-photo/handover.ts';
import { isOriginalKey, taskOfOriginal } from '../engines/ai-photo/store.ts';
import { isOutputShown, isTaskShown } from '../studio/tasks/service.ts';
import { isRecordedUpload } from '../studio/uploads/service.ts';
import type { FileRecordCheck } from './file-routes.ts';

/**
 * The records that keep a stored file readable (GET /files/<key>): a task output while its task is
 * shown (not deleted, within the history window), or an upload. Storage knows nothing of domains,
 * so the application hands it this check; a file with no record is never served. A picture handed
 * over to a fashion provider (engines/ai-photo/handover.ts) lives only while its task runs; a
 * provider's own picture kept beside a garment-locked output (`originals/`) while that task is shown.
 */
export const fileHasRecord: FileRecordCheck = async (ctx, key) => {
  if (isHandoverKey(key)) return true;
  if (isOriginalKey(key)) {
    const taskId = await taskOfOriginal(ctx.db, key);
    return taskId !== null && (await isTaskShown(ctx, taskId)) === true;
  }
  return (await isOutputShown(ctx, key)) ?? (await isRecordedUpload(ctx, key));
};
