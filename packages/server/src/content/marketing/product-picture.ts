import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findOwnPicture } from '../../studio/tasks/inputs.ts';

/**
 * The stored URL of the user's own picture (an upload, a result, a product-library picture), or
 * `taskInputInvalid` for anything else; the task that uses it checks it again (tasks/inputs.ts).
 * Idea reports and content tasks take it as the product picture their pictures show cut out.
 */
export async function ownProductPicture(ctx: AppContext, userId: string, url: string): Promise<string> {
  const picture = await findOwnPicture(ctx, userId, url);
  if (!picture) throw new AppError('taskInputInvalid');
  return ctx.storage.url(picture.key);
}
