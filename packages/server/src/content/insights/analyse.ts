import { z } from 'zod';
import type { ChatEngine } from '../../engines/openai-chat/index.ts';

export const INSIGHT_KINDS = ['product', 'comment'] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** At most this many entries, each cut to ENTRY_MAX_CHARS, go into one analysis. */
export const INSIGHT_MAX_ENTRIES = 300;
export const ENTRY_MAX_CHARS = 500;
/** All texts of one analysis together (they go into one request, within a model's context). */
export const INSIGHT_MAX_CHARS = 40_000;

/** What the model answers: findings point at entries by their 1-based number. */
export const answerSchema = z.object({
  summary: z.string(),
  sentiments: z.array(z.enum(SENTIMENTS)),
  themes: z.array(z.object({ name: z.string(), sentiment: z.enum(SENTIMENTS), quotes: z.array(z.number().int()) })).max(20),
  sellingPoints: z.array(z.object({ point: z.string(), quotes: z.array(z.number().int()) })).max(20),
  complaints: z.array(z.object({ point: z.string(), quotes: z.array(z.number().int()) })).max(20),
});
export type InsightAnswer = z.infer<typeof answerSchema>;

const WHAT: Record<InsightKind, { zh: string; en: string }> = {
  product: { zh: '商品评价', en: 'product reviews' },
  comment: { zh: '社交媒体评论', en: 'social media comments' },
};

/** The chat request for an analysis of numbered entries. */
export function analysisMessages(kind: InsightKind, entries: string[], language: 'zh' | 'en') {
  const what = WHAT[kind][language];
  const system =
    language === 'zh'
      ? `你是电商和社交媒体的用户洞察分析师。分析用户给出的${what}，只依据这些文字，不要编造。` +
        '每条文字有编号。sentiments 按编号顺序给出每条的情感（positive/neutral/negative），数量与条数相同。' +
        'themes 是主要话题（3-8 个），sellingPoints 是用户认可的卖点，complaints 是用户的抱怨；每项的 quotes 列出支持它的文字编号。' +
        'summary 用两三句中文总结。'
      : `You analyse ${what} for a marketing team. Use only the numbered texts given; invent nothing. ` +
        'sentiments: the sentiment of every text in order (positive/neutral/negative), as many as there are texts. ' +
        'themes: the main topics (3-8); sellingPoints: what users praise; complaints: what users complain about; ' +
        'each with quotes: the numbers of the texts that support it. summary: two or three sentences.';
  const user = entries.map((e, i) => `${i + 1}. ${e.replace(/\s+/g, ' ')}`).join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: user },
  ];
}

export interface Finding {
  label: string;
  sentiment?: Sentiment;
  /** 1-based entry numbers, checked against the entries. */
  quotes: number[];
}

export interface InsightResult {
  summary: string;
  /** Per entry, in order; null where the model gave none. */
  sentiments: Array<Sentiment | null>;
  themes: Finding[];
  sellingPoints: Finding[];
  complaints: Finding[];
}

/** Keeps only what points at real entries: quote numbers in range, each once; findings without quotes dropped. */
export function checkedResult(answer: InsightAnswer, count: number): InsightResult {
  const quotes = (q: number[]) => [...new Set(q.filter((n) => Number.isInteger(n) && n >= 1 && n <= count))].slice(0, 50);
  const findings = (list: Array<{ quotes: number[]; sentiment?: Sentiment } & ({ name: string } | { point: string })>) =>
    list
      .map((f) => ({
        label: ('name' in f ? f.name : f.point).trim().slice(0, 100),
        ...(f.sentiment ? { sentiment: f.sentiment } : {}),
        quotes: quotes(f.quotes),
      }))
      .filter((f) => f.label && f.quotes.length);
  return {
    summary: answer.summary.trim().slice(0, 2000),
    sentiments: Array.from({ length: count }, (_, i) => answer.sentiments[i] ?? null),
    themes: findings(answer.themes),
    sellingPoints: findings(answer.sellingPoints),
    complaints: findings(answer.complaints),
  };
}

export async function runAnalysis(engine: ChatEngine, kind: InsightKind, entries: string[], language: 'zh' | 'en') {
  const result = await engine.chat({
    messages: analysisMessages(kind, entries, language),
    json: { name: 'insight_analysis', schema: answerSchema },
    temperature: 0.2,
  });
  if (!result.json) throw new Error('no JSON answer');
  return { result: checkedResult(result.json, entries.length), model: result.model };
}
