import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import {
  CONTENT_TASK_STATUSES,
  createContentTask,
  deleteContentTask,
  getContentTask,
  listContentTasks,
  updateContentTask,
} from './service.ts';

const id = z.coerce.number().int().positive();
const taskBody = z.object({
  title: z.string({ error: 'validation:titleRequired' }).trim().min(1, { error: 'validation:titleRequired' }).max(200),
  description: z.string().trim().max(5000).default(''),
  owner: z.string().trim().max(50).default(''),
  dueDate: z
    .string()
    .trim()
    .regex(/^(\d{4}\/\d{2}\/\d{2})?$/, { error: 'validation:formatInvalid' })
    .default(''),
  platforms: z
    .array(z.enum(['douyin', 'xiaohongshu', 'weibo', 'wechat']))
    .max(4)
    .default([]),
  noteIds: z.array(id).max(50).default([]),
  contentIds: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  themeId: id.nullable().default(null),
  topicId: id.nullable().default(null),
  status: z.enum(CONTENT_TASK_STATUSES).default('NEW'),
});

const taskView = z
  .object({
    taskId: z.string(),
    title: z.string(),
    description: z.string(),
    owner: z.string(),
    dueDate: z.string(),
    platforms: z.array(z.string()),
    noteIds: z.array(z.string()),
    contentIds: z.array(z.string()),
    themeId: z.string().nullable(),
    topicId: z.string().nullable(),
    status: z.enum(CONTENT_TASK_STATUSES),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'ProductionTask' });
const done = { 200: envelopeOf(z.null()) };

/** Content production tasks (/modi-task-list, create, edit/:id). */
export async function taskListRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['task-list'];
  const security = [{ bearer: [] }];
  api.get(
    '/content-tasks',
    {
      schema: {
        tags,
        security,
        summary: 'Content production tasks, newest first, filtered by status, theme, topic or text',
        querystring: pagingQuery(10).extend({
          status: z.enum(CONTENT_TASK_STATUSES).optional(),
          themeId: id.optional(),
          topicId: id.optional(),
          taskId: id.optional(),
          searchText: z.string().max(200).default(''),
        }),
        response: { 200: envelopeOf(pageOf(taskView)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...filter } = request.query;
      return ok(await listContentTasks(ctx, requireUser(request), filter, { pageNum, pageSize }));
    },
  );
  api.get(
    '/content-tasks/:taskId',
    {
      schema: { tags, security, summary: 'One task', params: z.object({ taskId: id }), response: { 200: envelopeOf(taskView) } },
    },
    async (request) => ok(await getContentTask(ctx, requireUser(request), request.params.taskId)),
  );
  api.post(
    '/content-tasks',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a task',
        body: taskBody,
        response: { 200: envelopeOf(z.object({ taskId: z.string() })) },
      },
    },
    async (request) => ok({ taskId: await createContentTask(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/content-tasks/:taskId',
    { schema: { tags, security, summary: 'Changes a task', params: z.object({ taskId: id }), body: taskBody, response: done } },
    async (request) => {
      await updateContentTask(ctx, requireUser(request), request.params.taskId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/content-tasks/:taskId',
    { schema: { tags, security, summary: 'Deletes a task', params: z.object({ taskId: id }), response: done } },
    async (request) => {
      await deleteContentTask(ctx, requireUser(request), request.params.taskId);
      return ok(null);
    },
  );
}
