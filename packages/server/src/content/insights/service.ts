import { ChatEngineError, chatEngine } from '../../engines/openai-chat/index.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { headerIndex } from '../kos/table-file.ts';
import {
  ENTRY_MAX_CHARS,
  INSIGHT_MAX_CHARS,
  INSIGHT_MAX_ENTRIES,
  type InsightKind,
  type InsightResult,
  runAnalysis,
} from './analyse.ts';

export interface Analyst {
  userId: string;
  tenantId: string;
}

/** Entries as they are analysed: trimmed, cut to ENTRY_MAX_CHARS, empty ones and exact repeats dropped. */
export function cleanEntries(raw: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of raw) {
    const t = r.replace(/\s+/g, ' ').trim().slice(0, ENTRY_MAX_CHARS);
    if (t.length < 2 || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

const TEXT_COLUMNS: Record<string, 'text'> = {
  content: 'text',
  text: 'text',
  review: 'text',
  comment: 'text',
  评价: 'text',
  评论: 'text',
  内容: 'text',
  评价内容: 'text',
  评论内容: 'text',
};

/** The texts of a table: the column named content/评论/评价..., else the column with the most text. */
export function tableEntries(rows: string[][]): string[] {
  if (!rows.length) return [];
  const named = headerIndex(rows[0] ?? [], TEXT_COLUMNS).get('text');
  if (named != null) return cleanEntries(rows.slice(1).map((r) => String(r[named] ?? '')));
  const width = Math.max(...rows.map((r) => r.length));
  let best = 0;
  let bestLength = -1;
  for (let c = 0; c < width; c++) {
    const length = rows.reduce((s, r) => s + String(r[c] ?? '').length, 0);
    if (length > bestLength) [best, bestLength] = [c, length];
  }
  return cleanEntries(rows.map((r) => String(r[best] ?? '')));
}

/**
 * Analyses the entries with the configured chat engine and saves the result. Refused with
 * chatEngineNotConfigured before anything else when there is none. Insights cost no points (the
 * spec prices none).
 */
export async function createAnalysis(
  ctx: AppContext,
  who: Analyst,
  input: { kind: InsightKind; title: string; entries: string[] },
  language: 'zh' | 'en',
) {
  const engine = chatEngine(ctx.config);
  if (!engine) throw new AppError('chatEngineNotConfigured');
  const entries = cleanEntries(input.entries);
  if (!entries.length) throw new AppError('badRequest', {}, null, 'insights:errors.noEntries');
  if (entries.length > INSIGHT_MAX_ENTRIES)
    throw new AppError('badRequest', { max: INSIGHT_MAX_ENTRIES }, null, 'insights:errors.tooManyEntries');
  const chars = entries.reduce((n, e) => n + e.length, 0);
  if (chars > INSIGHT_MAX_CHARS) throw new AppError('badRequest', { max: INSIGHT_MAX_CHARS }, null, 'insights:errors.tooLong');
  let analysis: Awaited<ReturnType<typeof runAnalysis>>;
  try {
    analysis = await runAnalysis(engine, input.kind, entries, language);
  } catch (err) {
    if (err instanceof ChatEngineError) throw new AppError(err.key);
    throw new AppError('llmBadAnswer');
  }
  return writeTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('insight_analyses')
      .values({
        tenant_id: who.tenantId,
        user_id: who.userId,
        kind: input.kind,
        title: input.title,
        entries: JSON.stringify(entries),
        entry_count: entries.length,
        result: JSON.stringify(analysis.result),
        model: analysis.model,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      tenantId: who.tenantId,
      actorId: who.userId,
      action: 'insights.analyse',
      target: String(row.id),
      detail: { kind: input.kind, entries: entries.length },
    });
    return String(row.id);
  });
}

/** The tenant's analyses of a kind, newest first (the team shares them). */
export async function listAnalyses(ctx: AppContext, who: Analyst, kind: InsightKind, page: Paging) {
  const base = ctx.db.selectFrom('insight_analyses').where('tenant_id', '=', who.tenantId).where('kind', '=', kind);
  const { rows, total } = await listPage(base, page, (q) =>
    q
      .select(['id', 'title', 'entry_count', 'model', 'created_at', 'user_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return {
    list: rows.map((r) => ({
      analysisId: String(r.id),
      title: r.title,
      entryCount: Number(r.entry_count),
      model: r.model,
      createdAt: Number(r.created_at),
    })),
    total,
  };
}

export async function getAnalysis(ctx: AppContext, who: Analyst, analysisId: number) {
  const row = await ownedRow(ctx.db, 'insight_analyses', analysisId, { tenant_id: who.tenantId });
  const entries = JSON.parse(row.entries) as string[];
  const result = JSON.parse(row.result) as InsightResult;
  const quote = (n: number) => ({ index: n, text: entries[n - 1] ?? '' });
  const findings = (list: InsightResult['themes']) =>
    list.map((f) => ({ label: f.label, sentiment: f.sentiment ?? null, quotes: f.quotes.map(quote) }));
  const sentiment = { positive: 0, neutral: 0, negative: 0, unclassified: 0 };
  for (const s of result.sentiments) sentiment[s ?? 'unclassified']++;
  return {
    analysisId: String(row.id),
    kind: row.kind as InsightKind,
    title: row.title,
    model: row.model,
    createdAt: Number(row.created_at),
    entryCount: Number(row.entry_count),
    summary: result.summary,
    sentiment,
    themes: findings(result.themes),
    sellingPoints: findings(result.sellingPoints),
    complaints: findings(result.complaints),
    entries: entries.map((text, i) => ({ index: i + 1, text, sentiment: result.sentiments[i] ?? null })),
  };
}

export async function deleteAnalysis(ctx: AppContext, who: Analyst, analysisId: number) {
  const row = await ownedRow(ctx.db, 'insight_analyses', analysisId, { tenant_id: who.tenantId }, ['title']);
  await writeTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('insight_analyses').where('id', '=', analysisId).where('tenant_id', '=', who.tenantId).execute();
    await recordAudit(trx, {
      tenantId: who.tenantId,
      actorId: who.userId,
      action: 'insights.delete',
      target: String(analysisId),
      detail: { title: row.title },
    });
  });
}
