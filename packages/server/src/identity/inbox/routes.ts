import { INBOX_PAGE_SIZE } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { findUserById } from '../accounts/users.ts';
import { requireOperator } from '../operators/operators.ts';
import { broadcast, deleteAll, listInbox, listSent, markAllRead, markRead, sendToUser } from './service.ts';

const CONTENT_TYPES = ['text', 'html', 'link'] as const;

const messageSchema = z
  .object({
    msgId: z.string(),
    msgTitle: z.string(),
    msgBrief: z.string(),
    msgContent: z.string(),
    msgContentType: z.enum(CONTENT_TYPES),
    msgSendTime: z.number(),
    msgImg: z.string().nullable(),
    readed: z.boolean(),
  })
  .meta({ id: 'InboxMessage' });

const pageQuery = pagingQuery(INBOX_PAGE_SIZE, INBOX_PAGE_SIZE);

const newMessageBody = z.object({
  title: z.string().trim().min(1, { error: 'validation:titleRequired' }).max(100),
  content: z.string().trim().min(1, { error: 'validation:contentRequired' }).max(20000),
  contentType: z.enum(CONTENT_TYPES),
  brief: z.string().trim().max(300).optional(),
  img: z.string().trim().max(1000).optional(),
  /** One user of the operator's tenant; omitted: a broadcast to every user of the tenant. */
  userId: z.string().max(64).optional(),
});

/** Operator messages per operator per hour. */
const SEND_LIMIT: [number, number] = [120, 3600];

/** The inbox (API.md "Inbox") and the operators' sending side. */
export async function inboxRoutes(app: ApiApp, ctx: AppContext) {
  const reader = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return { userId: user.id, tenantId: user.tenantId };
  };
  const done = envelopeOf(z.null());

  app.get(
    '/inbox',
    {
      schema: {
        tags: ['inbox'],
        summary: "The user's messages and their tenant's broadcasts, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: envelopeOf(z.object({ list: z.array(messageSchema), total: z.number(), unReadMsgCnt: z.number() })) },
      },
    },
    async (request) => ok(await listInbox(ctx.db, reader(request), request.query)),
  );

  app.post(
    '/inbox/:msgId/read',
    {
      schema: {
        tags: ['inbox'],
        summary: 'Marks one message read',
        security: [{ bearer: [] }],
        params: z.object({ msgId: z.coerce.number().int().positive() }),
        response: { 200: done },
      },
    },
    async (request) => {
      await markRead(ctx.db, reader(request), request.params.msgId);
      return ok(null);
    },
  );

  app.post(
    '/inbox/read-all',
    { schema: { tags: ['inbox'], summary: 'Marks every message read', security: [{ bearer: [] }], response: { 200: done } } },
    async (request) => {
      await markAllRead(ctx.db, reader(request));
      return ok(null);
    },
  );

  app.delete(
    '/inbox',
    {
      schema: {
        tags: ['inbox'],
        summary: "Deletes every message for this user (broadcasts stay for the tenant's other users)",
        security: [{ bearer: [] }],
        response: { 200: done },
      },
    },
    async (request) => {
      await deleteAll(ctx.db, reader(request));
      return ok(null);
    },
  );

  app.post(
    '/operator/inbox',
    {
      schema: {
        tags: ['operator'],
        summary: "Sends a message to every user of the operator's tenant, or to one of them (userId)",
        security: [{ bearer: [] }],
        body: newMessageBody,
        response: { 200: envelopeOf(z.object({ msgId: z.string() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      await enforce(ctx.db, `operator-send:${operator.userId}`, ...SEND_LIMIT);
      const body = request.body;
      const message = { ...body, createdBy: operator.userId };
      if (!body.userId) return ok({ msgId: await broadcast(ctx.db, operator.tenantId, message) });
      const target = await findUserById(ctx.db, body.userId);
      // Users of other tenants are as unknown to an operator as users that do not exist.
      if (target?.tenant_id !== operator.tenantId) throw new AppError('notFound');
      return ok({ msgId: await sendToUser(ctx.db, body.userId, message) });
    },
  );

  app.get(
    '/operator/inbox',
    {
      schema: {
        tags: ['operator'],
        summary: 'Messages the operators of this tenant sent, newest first',
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: {
          200: envelopeOf(
            pageOf(
              z
                .object({
                  msgId: z.string(),
                  userId: z.string().nullable(),
                  broadcast: z.boolean(),
                  msgTitle: z.string(),
                  msgBrief: z.string(),
                  msgContentType: z.enum(['text', 'html', 'link']),
                  msgSendTime: z.number(),
                  sentBy: z.string().nullable(),
                })
                .meta({ id: 'SentMessage' }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok(await listSent(ctx.db, operator.tenantId, request.query));
    },
  );
}
