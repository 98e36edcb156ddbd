import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireTeamPermission } from '../../organisation/team/roles.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { addComment, createItem, deleteItem, getItem, listItems, reviewCounts, transitionItem, updateItem } from './service.ts';
import { REVIEW_ACTIONS, REVIEW_KINDS, REVIEW_STATUSES, type ReviewAction } from './states.ts';

const id = z.coerce.number().int().positive();
const status = z.enum(REVIEW_STATUSES);
const itemBody = z.object({
  kind: z.enum(REVIEW_KINDS).default('idea'),
  title: z.string().trim().min(1, { error: 'validation:titleRequired' }).max(200),
  body: z.string().trim().max(20_000).default(''),
  accountId: id.nullable().default(null),
});
const itemFields = {
  itemId: z.string(),
  kind: z.enum(REVIEW_KINDS),
  title: z.string(),
  body: z.string(),
  status,
  authorId: z.string(),
  authorName: z.string(),
  accountId: z.string().nullable(),
  accountLabel: z.string().nullable(),
  submittedAt: z.number().nullable(),
  decidedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  actions: z.array(z.enum(REVIEW_ACTIONS)),
  editable: z.boolean(),
};
const itemView = z.object(itemFields).meta({ id: 'ReviewItem' });
const detailView = z
  .object({
    ...itemFields,
    comments: z.array(
      z.object({
        commentId: z.string(),
        authorId: z.string(),
        authorName: z.string(),
        body: z.string(),
        action: z.enum(REVIEW_ACTIONS).nullable(),
        fromStatus: status.nullable(),
        toStatus: status.nullable(),
        createdAt: z.number(),
      }),
    ),
  })
  .meta({ id: 'ReviewItemDetail' });
const done = { 200: envelopeOf(z.null()) };
/** New items and comments per user and minute. */
const WRITE_LIMIT = [60, 60] as const;

/** Review (/audit): ideas and contents through draft, in review, approved/rejected, published. */
export async function reviewRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['review'];
  const security = [{ bearer: [] }];
  const who = async (request: FastifyRequest) => requireTeamPermission(ctx, request, 'submitContent');

  app.get(
    '/review/summary',
    {
      schema: {
        tags,
        security,
        summary: "The caller's items per status, the queue length and whether the caller reviews",
        response: {
          200: envelopeOf(z.object({ mine: z.record(z.string(), z.number()), queue: z.number(), reviewer: z.boolean() })),
        },
      },
    },
    async (request) => ok(await reviewCounts(ctx, await who(request))),
  );
  app.get(
    '/review/items',
    {
      schema: {
        tags,
        security,
        summary: 'mine: own items; queue: waiting for review, oldest first (reviewers); all: the tenant (reviewers)',
        querystring: pagingQuery(20).extend({
          scope: z.enum(['mine', 'queue', 'all']).default('mine'),
          status: status.optional(),
        }),
        response: { 200: envelopeOf(pageOf(itemView)) },
      },
    },
    async (request) => {
      const { scope, status: s, ...page } = request.query;
      return ok(await listItems(ctx, await who(request), scope, s, page));
    },
  );
  app.get(
    '/review/items/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'An item with its comments and state changes',
        params: z.object({ itemId: id }),
        response: { 200: envelopeOf(detailView) },
      },
    },
    async (request) => ok(await getItem(ctx, await who(request), request.params.itemId)),
  );
  app.post(
    '/review/items',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a draft idea or content',
        body: itemBody,
        response: { 200: envelopeOf(z.object({ itemId: z.string() })) },
      },
    },
    async (request) => {
      const member = await who(request);
      await enforce(ctx.db, `review-write:${member.userId}`, ...WRITE_LIMIT);
      return ok({ itemId: await createItem(ctx, member, request.body) });
    },
  );
  app.put(
    '/review/items/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a draft or rejected item (author)',
        params: z.object({ itemId: id }),
        body: itemBody,
        response: done,
      },
    },
    async (request) => {
      await updateItem(ctx, await who(request), request.params.itemId, request.body);
      return ok(null);
    },
  );
  app.delete(
    '/review/items/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an item (author or reviewer)',
        params: z.object({ itemId: id }),
        response: done,
      },
    },
    async (request) => {
      await deleteItem(ctx, await who(request), request.params.itemId);
      return ok(null);
    },
  );
  const ACTION_SUMMARY: Record<ReviewAction, string> = {
    submit: 'Sends a draft or rejected item for review (author)',
    withdraw: 'Takes an item back from review into draft (author)',
    approve: 'Approves an item in review (reviewContent: owner, admin, operator)',
    reject: 'Rejects an item in review with a comment saying why (reviewContent)',
    publish: 'Marks an approved item published (reviewContent)',
  };
  for (const action of REVIEW_ACTIONS)
    app.post(
      `/review/items/:itemId/${action}`,
      {
        schema: {
          tags,
          security,
          summary: ACTION_SUMMARY[action],
          params: z.object({ itemId: id }),
          body: z.object({ comment: z.string().trim().max(2000).default('') }),
          response: done,
        },
      },
      async (request) => {
        await transitionItem(
          ctx,
          await who(request),
          request.params.itemId,
          action,
          request.body.comment,
          requestLanguage(request),
        );
        return ok(null);
      },
    );
  app.post(
    '/review/items/:itemId/comments',
    {
      schema: {
        tags,
        security,
        summary: 'Comments on an item',
        params: z.object({ itemId: id }),
        body: z.object({ body: z.string().trim().min(1, { error: 'review:errors.commentRequired' }).max(2000) }),
        response: { 200: envelopeOf(z.object({ commentId: z.string() })) },
      },
    },
    async (request) => {
      const member = await who(request);
      await enforce(ctx.db, `review-write:${member.userId}`, ...WRITE_LIMIT);
      return ok({ commentId: await addComment(ctx, member, request.params.itemId, request.body.body) });
    },
  );
}
