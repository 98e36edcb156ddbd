import crypto from 'node:crypto';
import {
  type CreativeSchemeType,
  type HotspotSourceType,
  type IdeaReportTaskParams,
  type IdeaReportTaskResult,
  type IdeaStyle,
  type Language,
  MKT_IDEA_PICTURE,
  MKT_IDEA_REPORT,
  MKT_IDEA_REPORT_DRAFT,
  type MktType,
  type ReportStage,
  type ReportStreamEvents,
  reportStageAt,
  type SocialType,
  type TaskStatus,
} from '@productimage/core';
import { sql } from 'kysely';
import { refundIn } from '../../../commerce/points/ledger.ts';
import type { AppContext } from '../../../platform/context.ts';
import { writeTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { ownedRow } from '../../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../../platform/http/paging.ts';
import { containing } from '../../../platform/http/record-fields.ts';
import { taskById, tasksById } from '../../../studio/tasks/reads.ts';
import { createTask, stopUserTask } from '../../../studio/tasks/service.ts';
import { FAILED_ERROR } from '../../../studio/tasks/store.ts';
import { checkText, complianceOptions, titledText } from '../../compliance/service.ts';
import { type GenerationSource, searchForGeneration } from '../../knowledge/service.ts';
import { type LiveKey, publish } from '../live.ts';
import { ownProductPicture } from '../product-picture.ts';
import { shownSources } from '../schemas.ts';
import { activeEngine } from '../writer/text-engine.ts';
import { resolveTopic } from './topic.ts';

export interface CreateReportInput {
  prompt: string;
  mktType: MktType;
  marketDesc: string;
  ideaStyle: IdeaStyle;
  socialType: SocialType[];
  hotspotId?: string;
  hotspotSourceType: HotspotSourceType;
  calendarDay?: string;
  /** A saved item of the user's hot library as the topic. */
  hotLibraryId?: string;
  /** Knowledge datasets the writer draws on; the chunks used are recorded and shown as sources. */
  datasetIds?: string[];
  /** The custom idea's title (custom inspiration) or a title of the user's choosing. */
  reportTitle?: string;
  /** The user's product picture (their own file): the report's idea pictures show it cut out. */
  productImage?: string;
}

type User = { id: string; tenantId: string };
/** The key of its stream on the marketing hub (live.ts). */
export const reportKey = (id: string) => `report:${id}` as LiveKey<ReportStreamEvents>;

/**
 * Creates an idea report: topic resolved, knowledge searched, then one text task on the task
 * platform (MKT_IDEA_REPORT with the chat model, the free MKT_IDEA_REPORT_DRAFT with the offline
 * writer), which charges it, runs it on a worker, streams it, refunds it on failure or stop and
 * resumes it after a restart. The report row links the task; its stages are read from the task.
 */
export async function createReport(ctx: AppContext, user: User, input: CreateReportInput, lang: Language): Promise<string> {
  // The product picture must be the user's own, found before anything is charged; kept unsigned.
  if (input.productImage) input = { ...input, productImage: await ownProductPicture(ctx, user.id, input.productImage) };
  const { topic, topicDesc } = await resolveTopic(ctx, user, input, lang);
  const { engine, name } = await activeEngine(ctx);
  const types = [...new Set(input.socialType)];
  // Knowledge the user picked: found before anything is charged (foreign datasets are not found).
  const sources = input.datasetIds?.length
    ? await searchForGeneration(ctx, user, input.datasetIds, [topic, input.prompt, input.marketDesc].join(' '), 5)
    : [];
  const params: IdeaReportTaskParams = {
    topic,
    topicDesc: topicDesc?.slice(0, 4000),
    productInfo: input.prompt,
    marketDesc: input.marketDesc,
    mktType: input.mktType,
    ideaStyle: input.ideaStyle,
    socialType: types,
    references: sources.map((s) => s.text.slice(0, 1500)),
    lang,
  };
  const { taskId, cost } = await createTask(ctx, user, {
    bizType: engine ? MKT_IDEA_REPORT : MKT_IDEA_REPORT_DRAFT,
    params,
    inputs: [],
  });
  const id = crypto.randomUUID();
  const now = Date.now();
  await ctx.db
    .insertInto('idea_reports')
    .values({
      id,
      user_id: user.id,
      tenant_id: user.tenantId,
      title: input.reportTitle?.trim() || topic,
      params: JSON.stringify({ ...input, socialType: types, sources }),
      hotspot_source_type: input.hotspotSourceType,
      hotspot_id: input.hotspotId ?? null,
      engine: name,
      process: 'generating',
      stage: 'created',
      state: 0,
      cost,
      summary: null,
      association: null,
      risk: null,
      error: null,
      tokens: 0,
      task_id: taskId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

type ReportRow = Awaited<ReturnType<typeof findReportRow>>;

/**
 * Brings a generating report up to its task: a completed task's report (summary, ideas,
 * association, risk, tokens) is written into the report once; a failed or stopped task fails it.
 * Idempotent and safe from several processes (conditional update on `process`).
 */
async function syncReport(ctx: AppContext, row: ReportRow): Promise<ReportRow> {
  if (row.process !== 'generating') return row;
  if (!row.task_id) {
    // A report of the old in-process runner (before reports were tasks) still generating: that run
    // ended with its process, so it fails and its charge (ref idea_report) comes back, once.
    await writeTransaction(ctx.db, async (trx) => {
      const moved = await trx
        .updateTable('idea_reports')
        .set({ process: 'failed', error: FAILED_ERROR, updated_at: Date.now() })
        .where('id', '=', row.id)
        .where('process', '=', 'generating')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0)
        await refundIn(trx, { refType: 'idea_report', refId: row.id, note: 'idea report interrupted' });
    });
    return findReportRow(ctx, row.user_id, row.id);
  }
  const task = await taskById(ctx.db, row.task_id);
  if (!task || task.status === 'pending' || task.status === 'generating') return row;
  const now = Date.now();
  if (task.status === 'completed' && task.data) {
    const data = JSON.parse(task.data) as IdeaReportTaskResult;
    await writeTransaction(ctx.db, async (trx) => {
      const moved = await trx
        .updateTable('idea_reports')
        .set({
          process: 'completed',
          stage: 'completed',
          summary: data.summary,
          association: data.association,
          risk: data.risk,
          tokens: data.tokens,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .where('process', '=', 'generating')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      for (const idea of data.ideas)
        await trx
          .insertInto('idea_items')
          .values({
            report_id: row.id,
            social_type: idea.socialType,
            title: idea.title,
            content: idea.content,
            pic_url: null,
            gen_pic_status: 'none',
            pic_task_id: null,
            created_at: now,
          })
          .execute();
    });
  } else {
    await ctx.db
      .updateTable('idea_reports')
      .set({ process: 'failed', error: task.status === 'stopped' ? 'cancelled' : (task.error ?? FAILED_ERROR), updated_at: now })
      .where('id', '=', row.id)
      .where('process', '=', 'generating')
      .execute();
  }
  return findReportRow(ctx, row.user_id, row.id);
}

/** Cancels a generating report (opsType cancel): its task stops with its one refund; state 1, no more updates. */
export async function cancelReport(ctx: AppContext, userId: string, id: string, lang: Language = 'zh'): Promise<void> {
  const row = await syncReport(ctx, await findReportRow(ctx, userId, id));
  if (row.process !== 'generating' || !row.task_id) throw new AppError('marketingNotStoppable');
  try {
    await stopUserTask(ctx, userId, row.task_id, lang);
  } catch (err) {
    if (err instanceof AppError && err.key === 'taskNotStoppable') throw new AppError('marketingNotStoppable');
    throw err;
  }
  await ctx.db
    .updateTable('idea_reports')
    .set({ state: 1, process: 'failed', error: 'cancelled', updated_at: Date.now() })
    .where('id', '=', id)
    .where('process', '=', 'generating')
    .execute();
  publish(reportKey(id), { type: 'stage' });
}

export async function findReportRow(ctx: AppContext, userId: string, id: string) {
  return ownedRow(ctx.db, 'idea_reports', id, { user_id: userId });
}

export async function reportView(ctx: AppContext, userId: string, id: string, lang: Language) {
  const row = await syncReport(ctx, await findReportRow(ctx, userId, id));
  const itemRows = await ctx.db.selectFrom('idea_items').selectAll().where('report_id', '=', id).orderBy('id').execute();
  const pictures = await tasksById(
    ctx.db,
    itemRows.map((i) => i.pic_task_id),
  );
  const items = itemRows.map((i) => {
    const picture = i.pic_task_id ? pictures.get(i.pic_task_id) : undefined;
    return { ...i, picStatus: picture?.status ?? null, picOutputs: picture?.outputs ?? null };
  });
  const params = JSON.parse(row.params) as CreateReportInput & { sources?: GenerationSource[] };
  const task = row.process === 'generating' && row.task_id ? await taskById(ctx.db, row.task_id) : undefined;
  const checks = await complianceOptions(ctx.db, { tenantId: row.tenant_id, lang });
  return {
    reportId: row.id,
    /** The text task writing the report (follow GET /api/tasks/{taskId}/events for its stream). */
    taskId: row.task_id,
    process: row.process,
    stage: (task ? reportStageAt(task.progress, params.socialType) : row.stage) as ReportStage,
    state: row.state,
    title: row.title,
    engine: row.engine,
    cost: row.cost,
    hotspotSourceType: row.hotspot_source_type,
    socialType: params.socialType,
    reportParams: { prompt: params.prompt, mktType: params.mktType, marketDesc: params.marketDesc, ideaStyle: params.ideaStyle },
    /** The transcript streamed so far while generating. */
    streamedText: task ? (task.text ?? '') : null,
    /** Knowledge chunks the writer drew on (datasetIds), shown as the report's sources. */
    sources: shownSources(params.sources),
    summary: row.summary,
    association: row.association,
    risk: row.risk,
    error: row.error && row.error !== 'cancelled' ? translate(lang, `errors:${row.error}`) : null,
    tokens: row.tokens,
    createdAt: row.created_at,
    ideas: items.map((i) => ({
      genDataItemId: i.id,
      socialType: i.social_type,
      title: i.title,
      content: i.content,
      picUrl:
        i.picStatus === 'completed' ? ((JSON.parse(i.picOutputs ?? '[]') as Array<{ url: string }>)[0]?.url ?? null) : i.pic_url,
      genPicStatus: i.picStatus ? PIC_STATUS[i.picStatus] : i.gen_pic_status,
      picTaskId: i.pic_task_id,
      /** The compliance engine's verdict on `title + "\n" + content` (docs/compliance.md). */
      compliance: checkText(titledText(i.title, i.content), checks, lang),
    })),
  };
}

/** An idea picture's status from its poster task. */
const PIC_STATUS: Record<TaskStatus, string> = {
  pending: 'generating',
  generating: 'generating',
  completed: 'success',
  failed: 'fail',
  stopped: 'stop',
};

/**
 * Makes a picture for an image idea with the poster engine (a task: charged, refunded on failure),
 * with the product cut out: the picture given now, else the one given with the report.
 */
export async function generateIdeaPicture(
  ctx: AppContext,
  user: User,
  reportId: string,
  ideaId: number,
  productImage?: string,
): Promise<string> {
  const report = await findReportRow(ctx, user.id, reportId);
  const product = productImage
    ? await ownProductPicture(ctx, user.id, productImage)
    : (JSON.parse(report.params) as CreateReportInput).productImage;
  const idea = await ownedRow(ctx.db, 'idea_items', ideaId, { report_id: reportId });
  const { taskId } = await createTask(ctx, user, {
    bizType: MKT_IDEA_PICTURE,
    params: { title: idea.title, content: idea.content },
    inputs: product ? [product] : [],
  });
  await ctx.db
    .updateTable('idea_items')
    .set({ pic_task_id: taskId, gen_pic_status: 'generating' })
    .where('id', '=', ideaId)
    .execute();
  publish(reportKey(reportId), { type: 'item' });
  return taskId;
}

/** The idea list's creative type (spec 001 §3 idea list `type`) as the ideas' social type. */
const SCHEME_SOCIAL_TYPE: Record<CreativeSchemeType, SocialType> = {
  SOCIAL_MEDIA_CREATIVE_SCHEME: 'image',
  VIDEO_CREATIVE_SCHEME: 'video',
  OFFLINE_CREATIVE_SCHEME: 'offline',
};

export async function listReports(
  ctx: AppContext,
  userId: string,
  page: Paging,
  keyword = '',
  filter: { type?: CreativeSchemeType; subType?: HotspotSourceType } = {},
) {
  let base = ctx.db.selectFrom('idea_reports').where('user_id', '=', userId);
  // The name filter of /mott-idea: containment in the title, case-insensitive.
  if (keyword.trim()) base = base.where(sql<boolean>`lower(title) like ${containing(keyword.trim())} escape '\\'`);
  // Creative type: reports with ideas of that kind; sub-type: where the report came from.
  const socialType = filter.type ? SCHEME_SOCIAL_TYPE[filter.type] : null;
  if (socialType)
    base = base.where('id', 'in', ctx.db.selectFrom('idea_items').select('report_id').where('social_type', '=', socialType));
  if (filter.subType) base = base.where('hotspot_source_type', '=', filter.subType);
  const { rows: listed, total } = await listPage(base, page, (q) => q.selectAll().orderBy('created_at', 'desc'));
  // Reports whose task ended since they were last read are brought up to it.
  const rows = await Promise.all(listed.map((r) => syncReport(ctx, r)));
  return {
    list: rows.map((r) => ({
      reportId: r.id,
      title: r.title,
      process: r.process,
      stage: r.stage,
      engine: r.engine,
      createdAt: r.created_at,
    })),
    total,
  };
}
