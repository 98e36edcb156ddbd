import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGE_TYPES } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listPage } from '../../platform/http/paging.ts';
import { findOwnUpload } from '../../studio/uploads/service.ts';

export interface FeedbackInput {
  title: string;
  content: string;
  attachments?: Array<{ url: string }>;
}

/**
 * Stores a user's feedback. Attachments must be the user's own uploads of a png or jpeg image of at
 * most 20 MB (checked by content at upload time); anything else is `feedbackImageInvalid`.
 */
export async function submitFeedback(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  input: FeedbackInput,
): Promise<string> {
  const attachments: Array<{ url: string }> = [];
  for (const { url } of input.attachments ?? []) {
    const upload = await findOwnUpload(ctx, user.id, url);
    const allowed = (FEEDBACK_IMAGE_TYPES as readonly string[]).includes(upload?.content_type ?? '');
    if (!upload || !allowed || upload.size > FEEDBACK_IMAGE_MAX_BYTES) throw new AppError('feedbackImageInvalid');
    attachments.push({ url: ctx.storage.url(upload.key) });
  }
  const row = await ctx.db
    .insertInto('feedback')
    .values({
      user_id: user.id,
      tenant_id: user.tenantId,
      title: input.title,
      content: input.content,
      attachments: JSON.stringify(attachments),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A tenant's feedback for its operators, newest first. */
export async function listFeedback(ctx: AppContext, tenantId: string, page: { pageNum: number; pageSize: number }) {
  const base = ctx.db.selectFrom('feedback').where('tenant_id', '=', tenantId);
  const { rows, total } = await listPage(base, page, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      userId: r.user_id,
      title: r.title,
      content: r.content,
      attachments: JSON.parse(r.attachments) as Array<{ url: string }>,
      createdAt: Number(r.created_at),
    })),
    total,
  };
}

/** The tenant a piece of feedback was left with (console follow-ups check it is the operator's own). */
export async function tenantOfFeedback(ctx: AppContext, id: number): Promise<string | undefined> {
  return (await ctx.db.selectFrom('feedback').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
}
