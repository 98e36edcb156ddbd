import { z } from 'zod';
import { chatEngine } from '../../engines/openai-chat/index.ts';
import { requireTeamPermission } from '../../organisation/team/roles.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { replySignal, useQuota } from '../../platform/sandbox/quota.ts';
import { readTableFile, readUploadedTable } from '../kos/table-file.ts';
import { ENTRY_MAX_CHARS, INSIGHT_KINDS, INSIGHT_MAX_CHARS, INSIGHT_MAX_ENTRIES, SENTIMENTS } from './analyse.ts';
import { cleanEntries, createAnalysis, deleteAnalysis, getAnalysis, listAnalyses, tableEntries } from './service.ts';

const id = z.coerce.number().int().positive();
const kind = z.enum(INSIGHT_KINDS);
const quote = z.object({ index: z.number(), text: z.string() });
const finding = z.object({ label: z.string(), sentiment: z.enum(SENTIMENTS).nullable(), quotes: z.array(quote) });
const analysisView = z
  .object({
    analysisId: z.string(),
    kind,
    title: z.string(),
    model: z.string(),
    createdAt: z.number(),
    entryCount: z.number(),
    summary: z.string(),
    sentiment: z.object({ positive: z.number(), neutral: z.number(), negative: z.number(), unclassified: z.number() }),
    themes: z.array(finding),
    sellingPoints: z.array(finding),
    complaints: z.array(finding),
    entries: z.array(z.object({ index: z.number(), text: z.string(), sentiment: z.enum(SENTIMENTS).nullable() })),
  })
  .meta({ id: 'InsightAnalysis' });
const summaryView = z
  .object({ analysisId: z.string(), title: z.string(), entryCount: z.number(), model: z.string(), createdAt: z.number() })
  .meta({ id: 'InsightAnalysisSummary' });

/** Chat calls per user and minute. */
const ANALYSE_LIMIT = [10, 60] as const;

/** Insights (/prod-insight, /comment-insight): reviews and comments analysed by the chat engine. */
export async function insightsRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['insights'];
  const security = [{ bearer: [] }];

  app.get(
    '/insights/status',
    {
      schema: {
        tags,
        security,
        summary: 'Whether a chat engine is configured (analyses need one), and the limits',
        response: {
          200: envelopeOf(
            z.object({ chatEngine: z.boolean(), maxEntries: z.number(), maxEntryChars: z.number(), maxChars: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      await requireTeamPermission(ctx, request, 'readKos');
      return ok({
        chatEngine: chatEngine(ctx.config) != null,
        maxEntries: INSIGHT_MAX_ENTRIES,
        maxEntryChars: ENTRY_MAX_CHARS,
        maxChars: INSIGHT_MAX_CHARS,
      });
    },
  );
  app.post(
    '/insights/entries',
    {
      schema: {
        tags,
        security,
        summary:
          'Reads the texts to analyse, without saving them: a CSV or XLSX file (multipart "file") or JSON { text } (one per line)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: envelopeOf(z.object({ entries: z.array(z.string()) })) },
      },
      // No body schema: a zod schema cannot describe the multipart form; JSON is validated below.
    },
    async (request, reply) => {
      const who = await requireTeamPermission(ctx, request, 'useInsights');
      await enforce(ctx.db, `insight-file:${who.userId}`, 30, 60);
      let entries: string[];
      if (request.isMultipart()) {
        // A parsed file counts against the per-user quota (issue 26: sandbox/quota.ts).
        await useQuota(ctx.db, who.userId, 'filesParsed');
        const data = await readUploadedTable(request);
        entries = tableEntries(await readTableFile(data, 'insights:errors.fileInvalid', replySignal(reply)));
      } else {
        const body = z.object({ text: z.string().max(2_000_000) }).safeParse(request.body);
        if (!body.success) throw new AppError('badRequest');
        // Pasted text counts against the same quota as a file (issue 42); one per line needs no parser.
        await useQuota(ctx.db, who.userId, 'filesParsed');
        entries = cleanEntries(body.data.text.split(/\r?\n/));
      }
      return ok({ entries: entries.slice(0, INSIGHT_MAX_ENTRIES * 4) });
    },
  );
  app.post(
    '/insights/analyses',
    {
      schema: {
        tags,
        security,
        summary: `Analyses up to ${INSIGHT_MAX_ENTRIES} reviews or comments (themes, sentiment, selling points, complaints); no points`,
        body: z.object({
          kind,
          title: z.string().trim().min(1, { error: 'validation:titleRequired' }).max(100),
          entries: z
            .array(z.string().max(5000))
            .min(1)
            .max(INSIGHT_MAX_ENTRIES * 4),
        }),
        response: { 200: envelopeOf(z.object({ analysisId: z.string() })) },
      },
    },
    async (request) => {
      const who = await requireTeamPermission(ctx, request, 'useInsights');
      if (!chatEngine(ctx.config)) throw new AppError('chatEngineNotConfigured');
      await enforce(ctx.db, `insight-analyse:${who.userId}`, ...ANALYSE_LIMIT);
      return ok({ analysisId: await createAnalysis(ctx, who, request.body, requestLanguage(request) === 'en' ? 'en' : 'zh') });
    },
  );
  app.get(
    '/insights/analyses',
    {
      schema: {
        tags,
        security,
        summary: "The tenant's analyses of a kind, newest first",
        querystring: pagingQuery(20).extend({ kind }),
        response: { 200: envelopeOf(pageOf(summaryView)) },
      },
    },
    async (request) => {
      const { kind: k, ...page } = request.query;
      return ok(await listAnalyses(ctx, await requireTeamPermission(ctx, request, 'readKos'), k, page));
    },
  );
  app.get(
    '/insights/analyses/:analysisId',
    {
      schema: {
        tags,
        security,
        summary: 'An analysis with the quotes behind each finding',
        params: z.object({ analysisId: id }),
        response: { 200: envelopeOf(analysisView) },
      },
    },
    async (request) =>
      ok(await getAnalysis(ctx, await requireTeamPermission(ctx, request, 'readKos'), request.params.analysisId)),
  );
  app.delete(
    '/insights/analyses/:analysisId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an analysis',
        params: z.object({ analysisId: id }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteAnalysis(ctx, await requireTeamPermission(ctx, request, 'useInsights'), request.params.analysisId);
      return ok(null);
    },
  );
}
