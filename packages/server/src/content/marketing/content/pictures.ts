import { MKT_IDEA_PICTURE, type TaskStatus } from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { tasksById } from '../../../studio/tasks/reads.ts';
import { createTask } from '../../../studio/tasks/service.ts';
import { publish } from '../live.ts';
import { ownProductPicture } from '../product-picture.ts';
import { type CreateContentInput, contentKey, findContent, type ItemWithTask, itemsWithTasks, type User } from './records.ts';

/**
 * The pictures of content results: the result's own picture (an output of its text task) and the
 * ones made for it on request (poster tasks, their ids kept in `gen_images`), less those the user
 * deleted (`removed_images`).
 */

/** A result's pictures are tasks; the row keeps their ids, the tasks their status and files. */
interface StoredImage {
  id: string;
}

const IMAGE_STATUS: Record<TaskStatus, string> = {
  pending: 'loading',
  generating: 'loading',
  completed: 'success',
  failed: 'fail',
  stopped: 'stop',
};

/** The result's own picture (an output of its text task, made with the post), when it completed. */
function autoImages(item: { taskId: string | null; taskStatus: TaskStatus | null; outputs: string | null }) {
  if (item.taskStatus !== 'completed' || !item.taskId) return [];
  return (JSON.parse(item.outputs ?? '[]') as Array<{ url: string; key: string; type: string }>)
    .filter((o) => o.type === 'image')
    .map((o, i) => ({ id: `${item.taskId}:${i}`, type: 'image', status: 'success', url: o.url, key: o.key as string | null }));
}

async function resolveImages(ctx: AppContext, stored: StoredImage[]) {
  if (!stored.length) return [];
  const rows = await tasksById(
    ctx.db,
    stored.map((s) => s.id),
  );
  return stored.map((s) => {
    const row = rows.get(s.id);
    const output = row?.status === 'completed' ? (JSON.parse(row.outputs) as Array<{ url: string; key: string }>)[0] : undefined;
    return {
      id: s.id,
      type: 'image',
      status: row ? IMAGE_STATUS[row.status] : 'fail',
      url: output?.url ?? '',
      key: output?.key ?? null,
    };
  });
}

/** The pictures a result shows, its own first, with their stored keys (null while one is not made). */
export async function shownPictures(ctx: AppContext, item: ItemWithTask) {
  const removed = JSON.parse(item.removedImages) as string[];
  const stored = JSON.parse(item.genImages) as StoredImage[];
  return [...autoImages(item), ...(await resolveImages(ctx, stored))].filter((i) => !removed.includes(i.id));
}

/**
 * A picture for one result (poster engine, a file task): listed in the result's genImages. It shows
 * the product cut out: the picture given now, else the one given with the content request.
 */
export async function itemPicture(
  ctx: AppContext,
  user: User,
  id: string,
  itemId: number,
  productImage?: string,
): Promise<string> {
  const content = await findContent(ctx, user.id, id);
  const product = productImage
    ? await ownProductPicture(ctx, user.id, productImage)
    : (JSON.parse(content.params) as CreateContentInput).productImage;
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const data = item.data ? (JSON.parse(item.data) as { title: string; content: string }) : null;
  if (item.taskStatus !== 'completed' || !data) throw new AppError('conflict');
  const { taskId } = await createTask(ctx, user, {
    bizType: MKT_IDEA_PICTURE,
    params: { title: data.title || item.platform, content: [...data.content].slice(0, 300).join('') },
    inputs: product ? [product] : [],
  });
  const images = JSON.parse(item.genImages) as StoredImage[];
  images.push({ id: taskId });
  await ctx.db
    .updateTable('content_items')
    .set({ gen_images: JSON.stringify(images), updated_at: Date.now() })
    .where('id', '=', itemId)
    .execute();
  publish(contentKey(id), { type: 'item' });
  return taskId;
}

/**
 * Deletes one picture of a result (spec 001 §7 "delete material image"): a picture made for the
 * post leaves its list; the post's own picture is remembered as removed. The files stay in the
 * user's history. A picture still being made cannot be deleted (stop it by deleting later).
 */
export async function removeItemPicture(ctx: AppContext, userId: string, id: string, itemId: number, pictureId: string) {
  await findContent(ctx, userId, id);
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const stored = JSON.parse(item.genImages) as StoredImage[];
  const removed = JSON.parse(item.removedImages) as string[];
  const shown = await shownPictures(ctx, item);
  const picture = shown.find((i) => i.id === pictureId);
  if (!picture) throw new AppError('notFound');
  if (picture.status === 'loading') throw new AppError('conflict');
  await ctx.db
    .updateTable('content_items')
    .set({
      gen_images: JSON.stringify(stored.filter((s) => s.id !== pictureId)),
      removed_images: JSON.stringify(stored.some((s) => s.id === pictureId) ? removed : [...removed, pictureId]),
      updated_at: Date.now(),
    })
    .where('id', '=', itemId)
    .execute();
  publish(contentKey(id), { type: 'item' });
}

/** The stored picture files of a content task's results, by result id (for the Word export). */
export async function resultPictureKeys(ctx: AppContext, contentId: string): Promise<Map<number, string[]>> {
  const keys = new Map<number, string[]>();
  for (const item of await itemsWithTasks(ctx, contentId)) {
    const images = await shownPictures(ctx, item);
    keys.set(
      item.id,
      images.flatMap((i) => (i.key ? [i.key] : [])),
    );
  }
  return keys;
}
