import { isHandoverKey } from '../engines/ai-photo/handover.ts';
import { isOutputShown } from '../studio/tasks/service.ts';
import { isRecordedUpload } from '../studio/uploads/service.ts';
import type { FileRecordCheck } from './file-routes.ts';

/**
 * The records that keep a stored file readable (GET /files/<key>): a task output while its task is
 * shown (not deleted, within the history window), or an upload. Storage knows nothing of domains,
 * so the application hands it this check; a file with no record is never served. A picture handed
 * over to a fashion provider (engines/ai-photo/handover.ts) lives only while its task runs.
 */
export const fileHasRecord: FileRecordCheck = async (ctx, key) =>
  isHandoverKey(key) || ((await isOutputShown(ctx, key)) ?? (await isRecordedUpload(ctx, key)));
