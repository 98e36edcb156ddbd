import { z } from 'zod';
import { requireTeamPermission } from '../../organisation/team/roles.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { replySignal, useQuota } from '../../platform/sandbox/quota.ts';
import { dayOf, MONITOR_IMPORT_MAX, rowsToReadings, saveReadings, trackedAccountDetail, trackedAccounts } from './monitoring.ts';
import {
  createAccount,
  createPersona,
  createTopic,
  deleteAccount,
  deletePersona,
  deleteTopic,
  KOS_PLATFORMS,
  listAccounts,
  listPersonas,
  listTopics,
  TOPIC_STATUSES,
  tenantUsers,
  updateAccount,
  updatePersona,
  updateTopic,
} from './service.ts';
import { readCsvText, readTableFile, readUploadedTable } from './table-file.ts';

const id = z.coerce.number().int().positive();
const platform = z.enum(KOS_PLATFORMS);
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, { error: 'kos:fieldRequired' }).max(max);
/** YYYY/MM/DD (YYYY-MM-DD accepted), a real calendar day. */
const day = z.string().transform((v, c) => {
  const d = dayOf(v);
  if (!d) {
    c.addIssue({ code: 'custom', message: 'kos:dayInvalid' });
    return z.NEVER;
  }
  return d;
});
const done = { 200: envelopeOf(z.null()) };
const created = (key: string) => ({ 200: envelopeOf(z.object({ [key]: z.string() })) });

const personaBody = z.object({
  name: required(40),
  tone: text(500).default(''),
  audience: text(500).default(''),
  tabooWords: z.array(text(40)).max(100).default([]),
  intro: text(1000).default(''),
});
const personaView = z
  .object({
    personaId: z.string(),
    name: z.string(),
    tone: z.string(),
    audience: z.string(),
    tabooWords: z.array(z.string()),
    intro: z.string(),
    accountCount: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'KosPersona' });

const accountBody = z.object({
  platform,
  handle: required(100).transform((h) => h.replace(/^@/, '')),
  displayName: text(100).default(''),
  personaId: id.nullable().default(null),
  ownerUserId: z.string().max(64).nullable().default(null),
  notes: text(1000).default(''),
});
const accountView = z
  .object({
    accountId: z.string(),
    platform,
    handle: z.string(),
    displayName: z.string(),
    personaId: z.string().nullable(),
    personaName: z.string().nullable(),
    ownerUserId: z.string().nullable(),
    ownerName: z.string().nullable(),
    notes: z.string(),
    updatedAt: z.number(),
  })
  .meta({ id: 'KosAccount' });

const topicBody = z.object({
  accountId: id,
  title: required(200),
  brief: text(2000).default(''),
  planDay: day,
  status: z.enum(TOPIC_STATUSES).default('planned'),
});
const topicView = z
  .object({
    topicId: z.string(),
    accountId: z.string(),
    platform,
    handle: z.string(),
    title: z.string(),
    brief: z.string(),
    planDay: z.string(),
    status: z.enum(TOPIC_STATUSES),
    updatedAt: z.number(),
  })
  .meta({ id: 'KosTopic' });

const figures = { views: z.number(), likes: z.number(), comments: z.number(), shares: z.number() };
const trackedView = z
  .object({ platform, handle: z.string(), posts: z.number(), latestDay: z.string(), ...figures })
  .meta({ id: 'KosTrackedAccount' });
const detailView = z
  .object({
    platform,
    handle: z.string(),
    days: z.array(z.object({ day: z.string(), ...figures })),
    posts: z.array(
      z.object({
        postId: z.string(),
        title: z.string(),
        url: z.string(),
        publishedDay: z.string(),
        latestDay: z.string(),
        ...figures,
      }),
    ),
  })
  .meta({ id: 'KosTrackedDetail' });
const importView = z
  .object({
    imported: z.number(),
    newPosts: z.number(),
    problems: z.array(z.object({ row: z.number(), reason: z.string() })),
  })
  .meta({ id: 'KosImportResult' });

const count = z.coerce.number().int().min(0).max(1e12).default(0);
/** One reading as the Base data-sync plugin posts it (docs/kos.md). */
const syncRow = z
  .object({
    platform,
    handle: required(100).transform((h) => h.replace(/^@/, '')),
    postKey: text(200).default(''),
    title: text(300).default(''),
    url: text(1000).default(''),
    publishedDay: z.union([day, z.literal('')]).default(''),
    day,
    views: count,
    likes: count,
    comments: count,
    shares: count,
  })
  .refine((r) => !!(r.postKey || r.url || r.title), { error: 'kos:monitoring.rowPost', path: ['postKey'] });

const IMPORT_LIMIT = [30, 60] as const;
const pastedText = z.object({ text: z.string().min(1).max(2_000_000) });

/** KOS (/kos-account, /kos-persona, /kos-personality, /kos-topic, /kos-monitoring); docs/kos.md. */
export async function kosRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['kos'];
  const security = [{ bearer: [] }];
  const read = (request: Parameters<typeof requireTeamPermission>[1]) => requireTeamPermission(ctx, request, 'readKos');
  const manage = async (request: Parameters<typeof requireTeamPermission>[1]) => {
    const m = await requireTeamPermission(ctx, request, 'manageKos');
    return { userId: m.userId, tenantId: m.tenantId };
  };

  // ---- personas
  app.get(
    '/kos/personas',
    {
      schema: {
        tags,
        security,
        summary: "The tenant's personas (tone, audience, taboo words)",
        response: { 200: envelopeOf(z.array(personaView)) },
      },
    },
    async (request) => ok(await listPersonas(ctx, await read(request))),
  );
  app.post(
    '/kos/personas',
    { schema: { tags, security, summary: 'Creates a persona', body: personaBody, response: created('personaId') } },
    async (request) => ok({ personaId: await createPersona(ctx, await manage(request), request.body) }),
  );
  app.put(
    '/kos/personas/:personaId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a persona',
        params: z.object({ personaId: id }),
        body: personaBody,
        response: done,
      },
    },
    async (request) => {
      await updatePersona(ctx, await manage(request), request.params.personaId, request.body);
      return ok(null);
    },
  );
  app.delete(
    '/kos/personas/:personaId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a persona (its accounts keep no persona)',
        params: z.object({ personaId: id }),
        response: done,
      },
    },
    async (request) => {
      await deletePersona(ctx, await manage(request), request.params.personaId);
      return ok(null);
    },
  );

  // ---- accounts
  app.get(
    '/kos/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'The social-platform accounts the team runs',
        response: { 200: envelopeOf(z.array(accountView)) },
      },
    },
    async (request) => ok(await listAccounts(ctx, await read(request))),
  );
  app.get(
    '/kos/people',
    {
      schema: {
        tags,
        security,
        summary: 'Users of the tenant, to pick an account owner (manageKos)',
        response: { 200: envelopeOf(z.array(z.object({ userId: z.string(), name: z.string() }))) },
      },
    },
    // Only those who assign owners list the tenant's users (a public tenant's members must not).
    async (request) => ok(await tenantUsers(ctx, await manage(request))),
  );
  app.post(
    '/kos/accounts',
    { schema: { tags, security, summary: 'Adds an account', body: accountBody, response: created('accountId') } },
    async (request) => ok({ accountId: await createAccount(ctx, await manage(request), request.body) }),
  );
  app.put(
    '/kos/accounts/:accountId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes an account',
        params: z.object({ accountId: id }),
        body: accountBody,
        response: done,
      },
    },
    async (request) => {
      await updateAccount(ctx, await manage(request), request.params.accountId, request.body);
      return ok(null);
    },
  );
  app.delete(
    '/kos/accounts/:accountId',
    {
      schema: {
        tags,
        security,
        summary: 'Removes an account and its topic plans',
        params: z.object({ accountId: id }),
        response: done,
      },
    },
    async (request) => {
      await deleteAccount(ctx, await manage(request), request.params.accountId);
      return ok(null);
    },
  );

  // ---- topics
  app.get(
    '/kos/topics',
    {
      schema: {
        tags,
        security,
        summary: 'Topic plans by day; month is YYYY/MM',
        querystring: z.object({
          accountId: id.optional(),
          month: z
            .string()
            .regex(/^\d{4}\/\d{2}$/)
            .optional(),
        }),
        response: { 200: envelopeOf(z.array(topicView)) },
      },
    },
    async (request) => ok(await listTopics(ctx, await read(request), request.query)),
  );
  app.post(
    '/kos/topics',
    { schema: { tags, security, summary: 'Plans a topic for an account', body: topicBody, response: created('topicId') } },
    async (request) => ok({ topicId: await createTopic(ctx, await manage(request), request.body) }),
  );
  app.put(
    '/kos/topics/:topicId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a topic plan',
        params: z.object({ topicId: id }),
        body: topicBody,
        response: done,
      },
    },
    async (request) => {
      await updateTopic(ctx, await manage(request), request.params.topicId, request.body);
      return ok(null);
    },
  );
  app.delete(
    '/kos/topics/:topicId',
    { schema: { tags, security, summary: 'Deletes a topic plan', params: z.object({ topicId: id }), response: done } },
    async (request) => {
      await deleteTopic(ctx, await manage(request), request.params.topicId);
      return ok(null);
    },
  );

  // ---- monitoring
  app.get(
    '/kos/monitoring/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Tracked accounts with their latest figures',
        response: { 200: envelopeOf(z.array(trackedView)) },
      },
    },
    async (request) => ok(await trackedAccounts(ctx, await read(request))),
  );
  app.get(
    '/kos/monitoring/detail',
    {
      schema: {
        tags,
        security,
        summary: "A tracked account's figures per day and its posts",
        querystring: z.object({ platform, handle: required(100) }),
        response: { 200: envelopeOf(detailView) },
      },
    },
    async (request) => ok(await trackedAccountDetail(ctx, await read(request), request.query.platform, request.query.handle)),
  );
  const importRows = async (actor: { userId: string; tenantId: string }, rows: string[][]) => {
    const { readings, problems, missing } = rowsToReadings(rows);
    if (missing.length) throw new AppError('badRequest', { columns: missing.join(', ') }, null, 'kos:monitoring.missingColumns');
    const saved = readings.length ? await saveReadings(ctx, actor, readings, 'import') : { imported: 0, newPosts: 0 };
    return { ...saved, problems: problems.slice(0, 100) };
  };
  app.post(
    '/kos/monitoring/import',
    {
      schema: {
        tags,
        security,
        summary: `Imports readings: a CSV or XLSX file (multipart "file") or JSON { text } with pasted CSV; header row first, at most ${MONITOR_IMPORT_MAX} rows (columns in docs/kos.md)`,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: envelopeOf(importView) },
      },
      // No body schema: a zod schema cannot describe the multipart form; JSON is validated below.
    },
    async (request, reply) => {
      const actor = await manage(request);
      await enforce(ctx.db, `kos-import:${actor.userId}`, ...IMPORT_LIMIT);
      // A parsed table, file or pasted text, counts against the per-user quota (issues 26 and 42: sandbox/quota.ts).
      if (request.isMultipart()) {
        await useQuota(ctx.db, actor.userId, 'filesParsed');
        const data = await readUploadedTable(request);
        return ok(await importRows(actor, await readTableFile(data, 'kos:monitoring.fileInvalid', replySignal(reply))));
      }
      const body = pastedText.safeParse(request.body);
      if (!body.success) throw new AppError('badRequest', {}, null, 'kos:monitoring.fileInvalid');
      await useQuota(ctx.db, actor.userId, 'filesParsed');
      const rows = await readCsvText(body.data.text, 'kos:monitoring.fileInvalid', replySignal(reply));
      return ok(await importRows(actor, rows));
    },
  );
  app.post(
    '/kos/monitoring/sync',
    {
      schema: {
        tags: [...tags, 'feishu-plugins'],
        security,
        summary:
          'Readings posted by the Base data-sync plugin (one per post and day; a later reading of the same day replaces it)',
        body: z.object({ rows: z.array(syncRow).min(1).max(MONITOR_IMPORT_MAX) }),
        response: { 200: envelopeOf(z.object({ imported: z.number(), newPosts: z.number() })) },
      },
    },
    async (request) => {
      const actor = await manage(request);
      await enforce(ctx.db, `kos-import:${actor.userId}`, ...IMPORT_LIMIT);
      return ok(await saveReadings(ctx, actor, request.body.rows, 'plugin'));
    },
  );
}
