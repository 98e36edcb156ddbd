import crypto from 'node:crypto';
import {
  ADVICE_STAGE,
  type HotspotSourceType,
  IDEA_REPORT_COST,
  type IdeaStyle,
  type Language,
  MKT_IDEA_PICTURE,
  type MktType,
  type ReportStage,
  type SocialType,
  type TaskStatus,
} from '@productimage/core';
import type { AppContext } from '../../context.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { listPage, type Paging } from '../../http/paging.ts';
import { chargeIn, refundIn } from '../../points/ledger.ts';
import { createTask } from '../../tasks/service.ts';
import { calendarMonth } from '../calendar/calendar.ts';
import { failureKey } from '../engine-error.ts';
import { findHotspot } from '../hotspots/service.ts';
import { abortRun, endRun, publish, StoppedByUser, startRun } from '../live.ts';
import { activeEngine } from '../text-engine.ts';
import { writeAssociation, writeIdeas, writeRisk, writeSummary } from '../writer/steps.ts';
import type { BriefInput } from '../writer/types.ts';

export interface CreateReportInput {
  prompt: string;
  mktType: MktType;
  marketDesc: string;
  ideaStyle: IdeaStyle;
  socialType: SocialType[];
  hotspotId?: string;
  hotspotSourceType: HotspotSourceType;
  calendarDay?: string;
  /** The custom idea's title (custom inspiration) or a title of the user's choosing. */
  reportTitle?: string;
}

type User = { id: string; tenantId: string };
const REF = 'idea_report';
export const reportKey = (id: string) => `report:${id}`;

/** The topic of a report: the hotspot, the calendar day's entries or the custom idea. */
async function resolveTopic(ctx: AppContext, user: User, input: CreateReportInput, lang: Language) {
  if (input.hotspotId) {
    const hot = await findHotspot(ctx, user.id, input.hotspotId);
    return { topic: hot.title, topicDesc: hot.desc ?? undefined };
  }
  if (input.calendarDay) {
    const [y, m] = input.calendarDay.split('/').map(Number);
    const day = calendarMonth({ year: y ?? 0, month: m ?? 0, lang, showActivityDesc: true }).find(
      (d) => d.day === input.calendarDay,
    );
    if (!day) throw new AppError('badRequest', {}, { field: 'calendarDay' });
    return {
      topic: `${input.calendarDay} ${day.entries.map((e) => e.name).join(' / ')}`,
      topicDesc: day.entries
        .map((e) => e.desc)
        .filter(Boolean)
        .join(' '),
    };
  }
  const custom = input.reportTitle?.trim() || input.prompt.trim().split(/[。！？!?.\n]/)[0] || input.prompt.trim();
  return { topic: custom.slice(0, 100), topicDesc: undefined };
}

/**
 * Creates an idea report: topic resolved, engine chosen (openai-chat when configured, else the
 * free offline writer), the cost charged with the report row in one transaction, then the stages
 * run in this process.
 */
export async function createReport(ctx: AppContext, user: User, input: CreateReportInput, lang: Language): Promise<string> {
  const { topic, topicDesc } = await resolveTopic(ctx, user, input, lang);
  const { engine, name } = activeEngine(ctx);
  const types = [...new Set(input.socialType)];
  const cost = engine ? types.reduce((sum, t) => sum + IDEA_REPORT_COST[t], 0) : 0;
  const id = crypto.randomUUID();
  const now = Date.now();
  const brief: BriefInput = {
    lang,
    topic,
    topicDesc,
    productInfo: input.prompt,
    marketDesc: input.marketDesc,
    mktType: input.mktType,
    ideaStyle: input.ideaStyle,
  };
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('idea_reports')
      .values({
        id,
        user_id: user.id,
        tenant_id: user.tenantId,
        title: input.reportTitle?.trim() || topic,
        params: JSON.stringify({ ...input, socialType: types, brief }),
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
        created_at: now,
        updated_at: now,
      })
      .execute();
    await chargeIn(trx, { userId: user.id, cost, refType: REF, refId: id, note: 'idea report' });
  });
  void runReport(ctx, id, brief, types);
  return id;
}

/** Moves the report on, unless it was cancelled or ended meanwhile (state 1 stops updates). */
async function update(
  ctx: AppContext,
  id: string,
  patch: Partial<{ stage: string; summary: string; association: string; risk: string; tokens: number }>,
) {
  const result = await ctx.db
    .updateTable('idea_reports')
    .set({ ...patch, updated_at: Date.now() })
    .where('id', '=', id)
    .where('state', '=', 0)
    .where('process', '=', 'generating')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new StoppedByUser('cancelled');
  if (patch.stage) publish(reportKey(id), { type: 'stage', stage: patch.stage });
}

async function runReport(ctx: AppContext, id: string, brief: BriefInput, types: SocialType[]) {
  const key = reportKey(id);
  const controller = startRun(key);
  const { engine } = activeEngine(ctx);
  let tokens = 0;
  const options = (step: string) => ({
    engine,
    signal: controller.signal,
    onDelta: (text: string, restart?: boolean) => publish(key, { type: restart ? 'restart' : 'delta', step, text }),
    onTokens: (n: number) => {
      tokens += n;
    },
  });
  try {
    await update(ctx, id, { stage: 'summary' });
    const summary = await writeSummary(brief, options('summary'));
    await update(ctx, id, { summary, tokens, stage: ADVICE_STAGE[types[0] ?? 'image'] });
    // The selected creative types run in parallel; any failure fails the report.
    const results = await Promise.all(
      types.map(async (type) => ({ type, ideas: await writeIdeas(type, brief, summary, options(ADVICE_STAGE[type])) })),
    );
    const now = Date.now();
    await writeTransaction(ctx.db, async (trx) => {
      for (const { type, ideas } of results)
        for (const idea of ideas)
          await trx
            .insertInto('idea_items')
            .values({
              report_id: id,
              social_type: type,
              title: idea.title,
              content: idea.content,
              pic_url: null,
              gen_pic_status: 'none',
              created_at: now,
            })
            .execute();
    });
    publish(key, { type: 'item' });
    await update(ctx, id, { stage: 'association', tokens });
    const association = await writeAssociation(brief, summary, options('association'));
    await update(ctx, id, { association, stage: 'risk', tokens });
    const risk = await writeRisk(brief, summary, options('risk'));
    await update(ctx, id, { risk, tokens });
    await ctx.db
      .updateTable('idea_reports')
      .set({ process: 'completed', stage: 'completed', updated_at: Date.now() })
      .where('id', '=', id)
      .where('state', '=', 0)
      .where('process', '=', 'generating')
      .execute();
  } catch (err) {
    if (!(err instanceof StoppedByUser) && !(controller.signal.reason instanceof StoppedByUser)) {
      ctx.log.warn({ err, reportId: id }, 'idea report failed');
      await failReport(ctx, id, failureKey(err), tokens);
    }
  } finally {
    endRun(key);
    publish(key, { type: 'end' });
  }
}

/** Fails a generating report and refunds it, in one transaction. */
async function failReport(ctx: AppContext, id: string, error: string, tokens: number) {
  await writeTransaction(ctx.db, async (trx) => {
    const result = await trx
      .updateTable('idea_reports')
      .set({ process: 'failed', error, tokens, updated_at: Date.now() })
      .where('id', '=', id)
      .where('process', '=', 'generating')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await refundIn(trx, { refType: REF, refId: id, note: 'idea report failed' });
  });
}

/** Cancels a generating report (opsType cancel): state 1, no more updates, its points returned. */
export async function cancelReport(ctx: AppContext, userId: string, id: string): Promise<void> {
  await findReportRow(ctx, userId, id);
  const cancelled = await writeTransaction(ctx.db, async (trx) => {
    const result = await trx
      .updateTable('idea_reports')
      .set({ state: 1, process: 'failed', error: 'cancelled', updated_at: Date.now() })
      .where('id', '=', id)
      .where('process', '=', 'generating')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await refundIn(trx, { refType: REF, refId: id, note: 'idea report cancelled' });
    return true;
  });
  if (!cancelled) throw new AppError('marketingNotStoppable');
  abortRun(reportKey(id), new StoppedByUser('cancelled'));
}

export async function findReportRow(ctx: AppContext, userId: string, id: string) {
  const row = await ctx.db
    .selectFrom('idea_reports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

export async function reportView(ctx: AppContext, userId: string, id: string, lang: Language) {
  const row = await findReportRow(ctx, userId, id);
  const items = await ctx.db
    .selectFrom('idea_items')
    .leftJoin('tasks', 'tasks.id', 'idea_items.pic_task_id')
    .selectAll('idea_items')
    .select(['tasks.status as picStatus', 'tasks.outputs as picOutputs'])
    .where('idea_items.report_id', '=', id)
    .orderBy('idea_items.id')
    .execute();
  const params = JSON.parse(row.params) as CreateReportInput;
  return {
    reportId: row.id,
    process: row.process,
    stage: row.stage as ReportStage,
    state: row.state,
    title: row.title,
    engine: row.engine,
    cost: row.cost,
    hotspotSourceType: row.hotspot_source_type,
    socialType: params.socialType,
    reportParams: { prompt: params.prompt, mktType: params.mktType, marketDesc: params.marketDesc, ideaStyle: params.ideaStyle },
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

/** Makes a picture for an image idea with the poster engine (a task: charged, refunded on failure). */
export async function generateIdeaPicture(ctx: AppContext, user: User, reportId: string, ideaId: number): Promise<string> {
  await findReportRow(ctx, user.id, reportId);
  const idea = await ctx.db
    .selectFrom('idea_items')
    .selectAll()
    .where('id', '=', ideaId)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  if (!idea) throw new AppError('notFound');
  const { taskId } = await createTask(ctx, user, {
    bizType: MKT_IDEA_PICTURE,
    params: { title: idea.title, content: idea.content },
    inputs: [],
  });
  await ctx.db
    .updateTable('idea_items')
    .set({ pic_task_id: taskId, gen_pic_status: 'generating' })
    .where('id', '=', ideaId)
    .execute();
  publish(reportKey(reportId), { type: 'item' });
  return taskId;
}

export async function listReports(ctx: AppContext, userId: string, page: Paging) {
  const base = ctx.db.selectFrom('idea_reports').where('user_id', '=', userId);
  const { rows, total } = await listPage(base, page, (q) =>
    q.select(['id', 'title', 'process', 'stage', 'engine', 'created_at']).orderBy('created_at', 'desc'),
  );
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
