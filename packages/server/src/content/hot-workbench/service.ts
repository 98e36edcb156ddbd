import crypto from 'node:crypto';
import { type Language, MKT_TYPES, type MktType, type WorkbenchTab } from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import type { Paging } from '../../platform/http/paging.ts';
import { completedTasksBefore, userTaskPage } from '../../studio/tasks/reads.ts';
import { retentionStart, toView } from '../../studio/tasks/service.ts';
import { parseOutputs } from '../../studio/tasks/store.ts';
import { rewriteBatchPage, rewriteItemsOf } from '../rewrite/reads.ts';

/**
 * The hot-content workbench (/MoTT2, spec 001 §2, §3): one read model over what the four tools
 * made, plus the default form values and the post-generation records. Nothing here generates:
 * the tabs start the real tools (topic generation and article rewrite in rewrite/, the background
 * tool and the poster engine on the task platform).
 */
export interface Owner {
  id: string;
  tenantId: string;
}

export interface WorkbenchRecord {
  id: string;
  hotspotSourceType: WorkbenchTab;
  title: string;
  summary: string;
  /** running while any part is still being made, failed when every part failed, else done. */
  status: 'running' | 'done' | 'failed';
  images: string[];
  createdAt: number;
}

/** Rewrite kinds behind the two text tabs (rewrite/tables.ts). */
const REWRITE_KIND: Partial<Record<WorkbenchTab, string>> = { THEME_ARTICLE_GEN: 'topic', HOT_ARTICLE_REWRITE: 'article' };
const TASK_BIZ: Partial<Record<WorkbenchTab, string>> = {
  BACKGROUND_REPRODUCE: 'PRODUCT_REPLACE_IMAGE',
  PLACARD_GEN: 'PLACARD_GEN',
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const oneLine = (s: string, n: number) => s.replace(/\s+/g, ' ').trim().slice(0, n);

function statusOf(statuses: string[]): WorkbenchRecord['status'] {
  if (statuses.some((s) => s === 'pending' || s === 'generating')) return 'running';
  if (statuses.length && statuses.every((s) => s === 'failed' || s === 'stopped')) return 'failed';
  return 'done';
}

/** Spec 001 §3 hot-content list: pageNum, pageSize, hotspotSourceType. */
export async function listRecords(ctx: AppContext, owner: Owner, tab: WorkbenchTab, page: Paging) {
  const kind = REWRITE_KIND[tab];
  if (kind) {
    const { rows, total } = await rewriteBatchPage(ctx.db, owner, kind, page);
    const items = await rewriteItemsOf(
      ctx.db,
      rows.map((r) => r.id),
    );
    const list: WorkbenchRecord[] = rows.map((r) => {
      // rewrite/service.ts stores { params, inputs, ...how the source was given }.
      const stored = JSON.parse(r.input) as Record<string, unknown>;
      const input = { ...stored, ...((stored.params as Record<string, unknown> | undefined) ?? {}) };
      const mine = items.filter((i) => i.batchId === r.id);
      const title =
        oneLine(text(input.title) || text(input.topic) || text(input.theme) || text(input.article) || text(input.summary), 60) ||
        oneLine(mine.find((i) => i.text)?.text ?? '', 60);
      return {
        id: r.id,
        hotspotSourceType: tab,
        title,
        summary: oneLine(mine.find((i) => i.text)?.text ?? text(input.article), 140),
        status: statusOf(mine.map((i) => i.status)),
        images: Array.isArray(input.images)
          ? (input.images as unknown[]).filter((u): u is string => typeof u === 'string').slice(0, 1)
          : [],
        createdAt: Number(r.created_at),
      };
    });
    return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
  }
  // Background reproduction is the background tool's work with a reproduction mode (not plain product-bg).
  const { rows, total } = await userTaskPage(
    ctx.db,
    {
      userId: owner.id,
      tenantId: owner.tenantId,
      bizType: TASK_BIZ[tab] as string,
      since: await retentionStart(ctx, owner.id),
      paramsContain: tab === 'BACKGROUND_REPRODUCE' ? '"mode":"' : undefined,
    },
    page,
  );
  const list: WorkbenchRecord[] = rows.map((r) => {
    const params = JSON.parse(r.params) as Record<string, unknown>;
    return {
      id: r.id,
      hotspotSourceType: tab,
      title: oneLine(text(params.title) || text(params.mode) || text(params.backgroundColor), 60),
      summary: oneLine(text(params.subtitle) || text(params.body), 140),
      status: statusOf([r.status]),
      images: parseOutputs(r).map((o) => o.url),
      createdAt: Number(r.created_at),
    };
  });
  return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
}

export interface BackgroundQuery extends Paging {
  bizType: string;
  taskType?: string;
  startDate?: number;
  endDate?: number;
}

/** Spec 001 §3 background-reproduction list: pageNum, pageSize (16), bizType, taskType, optional dates. */
export async function listBackgrounds(ctx: AppContext, owner: Owner, q: BackgroundQuery, lang: Language) {
  const since = await retentionStart(ctx, owner.id);
  // The mode is stored inside the params JSON as written by JSON.stringify (no spaces).
  const { rows, total } = await userTaskPage(
    ctx.db,
    {
      userId: owner.id,
      tenantId: owner.tenantId,
      bizType: q.bizType,
      since: Math.max(since, q.startDate ?? 0),
      until: q.endDate,
      paramsContain: q.taskType ? `"mode":"${q.taskType}"` : undefined,
    },
    q,
  );
  return { list: rows.map((r) => toView(r, lang)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export interface PosterQuery {
  cursorId?: string;
  updatedAtStart?: number;
  updatedAtEnd?: number;
  pageSize: number;
}

/**
 * Spec 001 §3 poster list by cursor: `cds_asset_infos` (one per poster picture) and the next
 * `cursor_id` (empty at the end). The cursor is the last task's "updated_at:id".
 */
export async function listPosters(ctx: AppContext, owner: Owner, q: PosterQuery) {
  const cursor = q.cursorId?.match(/^(\d+):([0-9a-f-]{36})$/i);
  const rows = await completedTasksBefore(
    ctx.db,
    {
      userId: owner.id,
      tenantId: owner.tenantId,
      bizType: 'PLACARD_GEN',
      since: await retentionStart(ctx, owner.id),
      updatedFrom: q.updatedAtStart,
      updatedUntil: q.updatedAtEnd,
    },
    cursor ? { at: Number(cursor[1]), id: cursor[2] as string } : null,
    q.pageSize + 1,
  );
  const more = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    cds_asset_infos: page.flatMap((r) => {
      const params = JSON.parse(r.params) as Record<string, unknown>;
      return parseOutputs(r).map((o, n) => ({
        asset_id: `${r.id}:${n}`,
        task_id: r.id,
        url: o.url,
        title: oneLine(text(params.title), 60),
        updated_at: Number(r.updated_at),
      }));
    }),
    cursor_id: more && last ? `${Number(last.updated_at)}:${last.id}` : '',
  };
}

export interface FormDefaults {
  mktType: MktType;
  marketDesc: string;
  prompt: string;
}

/** Spec 001 §7 default form values by hotspotSourceType: the latest record of that type, else the spec defaults. */
export async function formDefaults(ctx: AppContext, owner: Owner, type: string): Promise<FormDefaults> {
  const row = await ctx.db
    .selectFrom('workbench_records')
    .select(['prompt', 'mkt_type', 'market_desc'])
    .where('user_id', '=', owner.id)
    .where('tenant_id', '=', owner.tenantId)
    .where('hotspot_source_type', '=', type)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { mktType: 'product', marketDesc: '', prompt: '' };
  const mktType = (MKT_TYPES as readonly string[]).includes(row.mkt_type) ? (row.mkt_type as MktType) : 'product';
  return { mktType, marketDesc: row.market_desc, prompt: row.prompt };
}

/** Spec 001 §7 post-generation record: hotspotSourceType, prompt, mktType, marketDesc. */
export async function saveRecord(
  ctx: AppContext,
  owner: Owner,
  input: { hotspotSourceType: string; prompt: string; mktType: string; marketDesc: string },
): Promise<void> {
  await ctx.db
    .insertInto('workbench_records')
    .values({
      id: crypto.randomUUID(),
      user_id: owner.id,
      tenant_id: owner.tenantId,
      hotspot_source_type: input.hotspotSourceType,
      prompt: input.prompt,
      mkt_type: input.mktType,
      market_desc: input.marketDesc,
      created_at: Date.now(),
    })
    .execute();
}
