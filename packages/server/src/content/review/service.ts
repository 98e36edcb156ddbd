import { type Language, type TeamRole, teamRoleCan } from '@productimage/core';
import type { Selectable } from 'kysely';
import { displayNamesById } from '../../identity/accounts/users.ts';
import { sendToUser } from '../../identity/inbox/service.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { accountLabelsById } from '../kos/service.ts';
import { EDITABLE, type ReviewAction, type ReviewKind, type ReviewStatus, TRANSITIONS } from './states.ts';
import type { ReviewTables } from './tables.ts';

export interface Reviewer {
  userId: string;
  tenantId: string;
  role: TeamRole;
}

export interface ItemInput {
  kind: ReviewKind;
  title: string;
  body: string;
  accountId: number | null;
}

const isReviewer = (who: Reviewer) => teamRoleCan(who.role, 'reviewContent');

/** A row as itemColumns read it, with what `named` adds from identity and kos. */
type ItemRow = Omit<Selectable<ReviewTables['review_items']>, 'tenant_id'> & {
  /** The author's display name (identity's displayName), '' when the account is gone. */
  author_name?: string;
  account_handle?: string | null;
  account_platform?: string | null;
};

const toItem = (r: ItemRow, who: Reviewer) => {
  const status = r.status as ReviewStatus;
  const mine = r.author_id === who.userId;
  const actions = (Object.entries(TRANSITIONS) as Array<[ReviewAction, (typeof TRANSITIONS)[ReviewAction]]>)
    .filter(([, t]) => t.from.includes(status) && (t.by === 'author' ? mine : isReviewer(who)))
    .map(([a]) => a);
  return {
    itemId: String(r.id),
    kind: r.kind as ReviewKind,
    title: r.title,
    body: r.body,
    status,
    authorId: r.author_id,
    authorName: r.author_name ?? '',
    accountId: r.account_id == null ? null : String(r.account_id),
    accountLabel: r.account_handle ? `${r.account_platform}:@${r.account_handle}` : null,
    submittedAt: r.submitted_at == null ? null : Number(r.submitted_at),
    decidedAt: r.decided_at == null ? null : Number(r.decided_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    /** What the caller may do now. */
    actions,
    editable: mine && EDITABLE.includes(status),
  };
};

const itemsQuery = (ctx: AppContext, tenantId: string) =>
  ctx.db.selectFrom('review_items as i').where('i.tenant_id', '=', tenantId);

const itemColumns = [
  'i.id',
  'i.author_id',
  'i.kind',
  'i.title',
  'i.body',
  'i.account_id',
  'i.status',
  'i.reviewer_id',
  'i.submitted_at',
  'i.decided_at',
  'i.created_at',
  'i.updated_at',
] as const;

/** Items with their author's name (identity) and their account's label (kos): two lookups by ids for the whole page. */
async function named(ctx: AppContext, tenantId: string, rows: ItemRow[]): Promise<ItemRow[]> {
  const [authors, accounts] = await Promise.all([
    displayNamesById(
      ctx.db,
      rows.map((r) => r.author_id),
    ),
    accountLabelsById(
      ctx.db,
      tenantId,
      rows.map((r) => r.account_id),
    ),
  ]);
  return rows.map((r) => {
    const account = r.account_id == null ? undefined : accounts.get(Number(r.account_id));
    return {
      ...r,
      author_name: authors.get(r.author_id) ?? '',
      account_handle: account?.handle,
      account_platform: account?.platform,
    };
  });
}

/**
 * mine: the caller's items; queue: items waiting for review (reviewers); all: the tenant's items
 * (reviewers). A member asking for queue or all gets 403.
 */
export async function listItems(
  ctx: AppContext,
  who: Reviewer,
  scope: 'mine' | 'queue' | 'all',
  status: ReviewStatus | undefined,
  page: Paging,
) {
  if (scope !== 'mine' && !isReviewer(who)) throw new AppError('forbidden');
  let q = itemsQuery(ctx, who.tenantId);
  if (scope === 'mine') q = q.where('i.author_id', '=', who.userId);
  if (scope === 'queue') q = q.where('i.status', '=', 'in_review');
  if (status) q = q.where('i.status', '=', status);
  const { rows, total } = await listPage(q, page, (b) =>
    scope === 'queue'
      ? b.select(itemColumns).orderBy('i.submitted_at', 'asc').orderBy('i.id', 'asc')
      : b.select(itemColumns).orderBy('i.updated_at', 'desc').orderBy('i.id', 'desc'),
  );
  return { list: (await named(ctx, who.tenantId, rows)).map((r) => toItem(r, who)), total };
}

/** An item the caller may see: their own, or any of the tenant's for a reviewer; 404 otherwise. */
async function visibleItem(ctx: AppContext, who: Reviewer, itemId: number) {
  const row = await itemsQuery(ctx, who.tenantId).select(itemColumns).where('i.id', '=', itemId).executeTakeFirst();
  if (!row || (row.author_id !== who.userId && !isReviewer(who))) throw new AppError('notFound');
  return (await named(ctx, who.tenantId, [row]))[0]!;
}

export async function getItem(ctx: AppContext, who: Reviewer, itemId: number) {
  const row = await visibleItem(ctx, who, itemId);
  const comments = await ctx.db
    .selectFrom('review_comments as c')
    .select(['c.id', 'c.author_id', 'c.body', 'c.action', 'c.from_status', 'c.to_status', 'c.created_at'])
    .where('c.item_id', '=', itemId)
    .where('c.tenant_id', '=', who.tenantId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const authors = await displayNamesById(
    ctx.db,
    comments.map((c) => c.author_id),
  );
  return {
    ...toItem(row, who),
    comments: comments.map((c) => ({
      commentId: String(c.id),
      authorId: c.author_id,
      authorName: authors.get(c.author_id) ?? '',
      body: c.body,
      action: (c.action as ReviewAction | null) ?? null,
      fromStatus: (c.from_status as ReviewStatus | null) ?? null,
      toStatus: (c.to_status as ReviewStatus | null) ?? null,
      createdAt: Number(c.created_at),
    })),
  };
}

async function checkAccount(ctx: AppContext, tenantId: string, accountId: number | null) {
  if (accountId == null) return;
  if (!(await accountLabelsById(ctx.db, tenantId, [accountId])).has(accountId)) throw new AppError('notFound');
}

export async function createItem(ctx: AppContext, who: Reviewer, input: ItemInput) {
  await checkAccount(ctx, who.tenantId, input.accountId);
  const now = Date.now();
  return writeTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('review_items')
      .values({
        tenant_id: who.tenantId,
        author_id: who.userId,
        kind: input.kind,
        title: input.title,
        body: input.body,
        account_id: input.accountId,
        status: 'draft',
        reviewer_id: null,
        submitted_at: null,
        decided_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      tenantId: who.tenantId,
      actorId: who.userId,
      action: 'review.create',
      target: String(row.id),
      detail: { kind: input.kind, title: input.title },
    });
    return String(row.id);
  });
}

export async function updateItem(ctx: AppContext, who: Reviewer, itemId: number, input: ItemInput) {
  const row = await visibleItem(ctx, who, itemId);
  if (row.author_id !== who.userId) throw new AppError('forbidden');
  if (!EDITABLE.includes(row.status as ReviewStatus)) throw new AppError('conflict', {}, null, 'review:errors.notEditable');
  await checkAccount(ctx, who.tenantId, input.accountId);
  await ctx.db
    .updateTable('review_items')
    .set({ kind: input.kind, title: input.title, body: input.body, account_id: input.accountId, updated_at: Date.now() })
    .where('id', '=', itemId)
    .where('tenant_id', '=', who.tenantId)
    .where('status', 'in', EDITABLE as ReviewStatus[])
    .execute();
}

export async function deleteItem(ctx: AppContext, who: Reviewer, itemId: number) {
  const row = await visibleItem(ctx, who, itemId);
  if (row.author_id !== who.userId && !isReviewer(who)) throw new AppError('forbidden');
  await writeTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('review_items').where('id', '=', itemId).where('tenant_id', '=', who.tenantId).execute();
    await recordAudit(trx, {
      tenantId: who.tenantId,
      actorId: who.userId,
      action: 'review.delete',
      target: String(itemId),
      detail: { title: row.title, status: row.status },
    });
  });
}

/**
 * Moves an item (TRANSITIONS says who may, from where): the state change, its comment row and the
 * audit record land in one transaction; a concurrent move of the same item gets 409.
 */
export async function transitionItem(
  ctx: AppContext,
  who: Reviewer,
  itemId: number,
  action: ReviewAction,
  comment: string,
  language: Language = 'zh',
) {
  const rule = TRANSITIONS[action];
  if (rule.by === 'reviewer' && !isReviewer(who)) throw new AppError('forbidden');
  const row = await visibleItem(ctx, who, itemId);
  if (rule.by === 'author' && row.author_id !== who.userId) throw new AppError('forbidden');
  const from = row.status as ReviewStatus;
  if (!rule.from.includes(from)) throw new AppError('conflict', {}, null, 'review:errors.transition');
  if (action === 'reject' && !comment) throw new AppError('badRequest', {}, null, 'review:errors.rejectReason');
  const now = Date.now();
  await writeTransaction(ctx.db, async (trx) => {
    const changed = await trx
      .updateTable('review_items')
      .set({
        status: rule.to,
        updated_at: now,
        ...(action === 'submit' ? { submitted_at: now, reviewer_id: null, decided_at: null } : {}),
        ...(action === 'approve' || action === 'reject' ? { reviewer_id: who.userId, decided_at: now } : {}),
      })
      .where('id', '=', itemId)
      .where('tenant_id', '=', who.tenantId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new AppError('conflict', {}, null, 'review:errors.transition');
    await trx
      .insertInto('review_comments')
      .values({
        item_id: itemId,
        tenant_id: who.tenantId,
        author_id: who.userId,
        body: comment,
        action,
        from_status: from,
        to_status: rule.to,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, {
      tenantId: who.tenantId,
      actorId: who.userId,
      action: `review.${action}`,
      target: String(itemId),
      detail: { from, to: rule.to, title: row.title, ...(comment ? { comment: comment.slice(0, 200) } : {}) },
    });
  });
  // The author hears of a reviewer's decision in their inbox (in the reviewer's language: one team).
  if (rule.by === 'reviewer' && row.author_id !== who.userId) {
    const status = translate(language, `review:statuses.${rule.to}`);
    await sendToUser(ctx.db, row.author_id, {
      title: translate(language, 'review:notice.title', { title: row.title.slice(0, 60), status }),
      content: [translate(language, 'review:notice.body', { title: row.title, status }), comment].filter(Boolean).join('\n\n'),
      contentType: 'text',
    });
  }
}

export async function addComment(ctx: AppContext, who: Reviewer, itemId: number, body: string) {
  await visibleItem(ctx, who, itemId);
  const row = await ctx.db
    .insertInto('review_comments')
    .values({
      item_id: itemId,
      tenant_id: who.tenantId,
      author_id: who.userId,
      body,
      action: null,
      from_status: null,
      to_status: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Counts per status for the caller's view (own items; a reviewer also gets the queue length). */
export async function reviewCounts(ctx: AppContext, who: Reviewer) {
  const rows = await ctx.db
    .selectFrom('review_items')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', who.tenantId)
    .where('author_id', '=', who.userId)
    .groupBy('status')
    .execute();
  const mine = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  let queue = 0;
  if (isReviewer(who)) {
    const q = await ctx.db
      .selectFrom('review_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', who.tenantId)
      .where('status', '=', 'in_review')
      .executeTakeFirst();
    queue = Number(q?.n ?? 0);
  }
  return { mine, queue, reviewer: isReviewer(who) };
}
