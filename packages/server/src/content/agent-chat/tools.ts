import {
  AGENT_MAX_TOOL_CALLS,
  AGENT_TOOLS,
  type AgentTool,
  DEFAULT_IDEA_STYLE,
  type Language,
  MKT_TYPES,
  PLATFORMS,
  SOCIAL_TYPES,
} from '@productimage/core';
import { ZodError, z } from 'zod';
import type { ChatEngine, ChatMessage } from '../../engines/openai-chat/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { listHotItems } from '../hot-library/service.ts';
import { listDatasets, search } from '../knowledge/service.ts';
import { createContent } from '../marketing/content/service.ts';
import { hotspotWords, listHotspots } from '../marketing/hotspots/service.ts';
import { createReport } from '../marketing/ideas/service.ts';
import type { Owner, ToolCallView } from './conversations.ts';

/**
 * The agent's tools: read-only look-ups in the hot lists and in the user's own hot library and
 * knowledge base. The model chooses them in a planning step that asks for a JSON answer (the chat
 * engine's structured mode, which every OpenAI-compatible provider serves, with or without native
 * tool calling); their results go to the answering step and are shown to the user as they are.
 */
const FEED_PLATFORMS = ['weibo', 'douyin', 'xiaohongshu', 'import'] as const;
const ITEM_LIMIT = 10;

const toolArgs = {
  hot_items: z.object({ platform: z.enum(FEED_PLATFORMS).catch('weibo').default('weibo') }),
  hot_words: z.object({ platform: z.enum(FEED_PLATFORMS).catch('weibo').default('weibo') }),
  hot_library: z.object({ query: z.string().max(200).catch('').default('') }),
  knowledge_search: z.object({ query: z.string().max(500).catch('').default('') }),
  start_idea_report: z.object({
    topic: z.string().trim().min(1).max(100),
    productInfo: z.string().max(2000).catch('').default(''),
    marketDesc: z.string().max(500).catch('').default(''),
    mktType: z.enum(MKT_TYPES).catch('product').default('product'),
    socialType: z.array(z.enum(SOCIAL_TYPES)).min(1).max(3).catch(['image']).default(['image']),
  }),
  generate_content: z.object({
    // Platforms the model named that do not exist are dropped; none left means Xiaohongshu.
    platforms: z
      .preprocess(
        (v) => (Array.isArray(v) ? v.filter((p) => (PLATFORMS as readonly unknown[]).includes(p)) : v),
        z.array(z.enum(PLATFORMS)).min(1).max(4),
      )
      .catch(['xiaohongshu'])
      .default(['xiaohongshu']),
    title: z.string().max(200).catch('').default(''),
    idea: z.string().max(4000).catch('').default(''),
    productInfo: z.string().trim().min(1).max(2000),
    marketDesc: z.string().max(500).catch('').default(''),
    mktType: z.enum(MKT_TYPES).catch('product').default('product'),
  }),
} satisfies Record<AgentTool, z.ZodType>;

const TOOL_DESCRIPTIONS: Record<AgentTool, string> = {
  hot_items:
    'hot_items {platform: "weibo"|"douyin"|"xiaohongshu"|"import"}: the current hot list of a platform (titles and heat)',
  hot_words: 'hot_words {platform}: the most frequent words of a platform hot list',
  hot_library: "hot_library {query}: search the user's saved hot articles and notes (empty query: the latest)",
  knowledge_search: "knowledge_search {query}: search the user's knowledge base (product facts, brand material)",
  start_idea_report:
    'start_idea_report {topic, productInfo, marketDesc, mktType: "product"|"brand", socialType: ["image"|"video"|"offline"]}: ONLY when the user explicitly asks to create/start an idea report; it costs points (image ideas 30)',
  generate_content:
    'generate_content {platforms: ["xiaohongshu"|"douyin"|"weibo"|"wechat"], title, idea, productInfo, marketDesc, mktType}: ONLY when the user explicitly asks to generate/publish-ready posts with the content tool; it costs 10 points per platform',
};

export const planSchema = z.object({
  calls: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()).default({}) })).default([]),
});

/** Asks the model which tools (if any) the question needs; unknown tools are dropped. */
export async function planTools(
  engine: ChatEngine,
  history: ChatMessage[],
  question: string,
  signal: AbortSignal,
): Promise<Array<{ tool: AgentTool; args: Record<string, unknown> }>> {
  const result = await engine.chat({
    signal,
    temperature: 0,
    json: { name: 'tool_plan', schema: planSchema },
    messages: [
      {
        role: 'system',
        content: [
          'You plan look-ups for a marketing assistant of a merchant. Decide which of these tools are needed to answer the last user message well, at most',
          `${AGENT_MAX_TOOL_CALLS} calls. Answer {"calls": []} when none is needed (greetings, general writing).`,
          ...AGENT_TOOLS.map((t) => `- ${TOOL_DESCRIPTIONS[t]}`),
          'Answer as {"calls": [{"tool": "<name>", "args": {...}}]}.',
        ].join('\n'),
      },
      ...history.slice(-6),
      { role: 'user', content: question },
    ],
  });
  const calls = result.json?.calls ?? [];
  return calls
    .filter((c): c is { tool: AgentTool; args: Record<string, unknown> } => (AGENT_TOOLS as readonly string[]).includes(c.tool))
    .slice(0, AGENT_MAX_TOOL_CALLS);
}

/** Runs one tool for the user; a failure becomes a result the user and the model both see. */
export async function runTool(
  ctx: AppContext,
  owner: Owner,
  tool: AgentTool,
  rawArgs: Record<string, unknown>,
  lang: Language,
): Promise<ToolCallView> {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(lang, `agentChat:${key}`, params);
  try {
    switch (tool) {
      case 'hot_items': {
        const args = toolArgs.hot_items.parse(rawArgs);
        const page = await listHotspots(ctx, owner, args.platform, { pageNum: 1, pageSize: ITEM_LIMIT }, lang);
        if (page.feedError && !page.list.length) return { name: tool, args, ok: false, summary: page.feedError, items: [] };
        return {
          name: tool,
          args,
          ok: true,
          summary: t('toolFound', { count: page.list.length }),
          items: page.list.map((i) => ({ title: i.title, detail: i.hot ?? '', url: i.url ?? '' })),
        };
      }
      case 'hot_words': {
        const args = toolArgs.hot_words.parse(rawArgs);
        const words = await hotspotWords(ctx, owner, args.platform, lang);
        if (words.feedError && !words.list.length) return { name: tool, args, ok: false, summary: words.feedError, items: [] };
        const list = words.list.slice(0, ITEM_LIMIT * 2);
        return {
          name: tool,
          args,
          ok: true,
          summary: t('toolFound', { count: list.length }),
          items: list.map((w) => ({ title: w.word, detail: String(w.count), url: '' })),
        };
      }
      case 'hot_library': {
        const args = toolArgs.hot_library.parse(rawArgs);
        const page = await listHotItems(ctx, owner, args.query, { pageNum: 1, pageSize: ITEM_LIMIT });
        return {
          name: tool,
          args,
          ok: true,
          summary: t('toolFound', { count: page.list.length }),
          items: page.list.map((i) => ({ title: i.title, detail: i.content.slice(0, 300), url: i.url })),
        };
      }
      case 'knowledge_search': {
        const args = toolArgs.knowledge_search.parse(rawArgs);
        const datasets = await listDatasets(ctx, owner, { all: true });
        if (!datasets.length || !args.query.trim())
          return { name: tool, args, ok: true, summary: t('toolNoKnowledge'), items: [] };
        const hits = await search(
          ctx,
          owner,
          datasets.slice(0, 20).map((d) => Number(d.datasetId)),
          args.query,
          5,
        );
        return {
          name: tool,
          args,
          ok: true,
          summary: t('toolFound', { count: hits.length }),
          items: hits.map((h) => ({ title: h.sourceName, detail: h.text.slice(0, 500), url: '' })),
        };
      }
      case 'start_idea_report': {
        const args = toolArgs.start_idea_report.parse(rawArgs);
        const reportId = await createReport(
          ctx,
          owner,
          {
            prompt: args.productInfo || args.topic,
            mktType: args.mktType,
            marketDesc: args.marketDesc,
            ideaStyle: DEFAULT_IDEA_STYLE,
            socialType: [...new Set(args.socialType)],
            hotspotSourceType: 'CUSTOM_INSPIRATION',
            reportTitle: args.topic,
          },
          lang,
        );
        return {
          name: tool,
          args,
          ok: true,
          summary: t('reportStarted'),
          items: [{ title: args.topic, detail: '', url: `/mott-idea?reportId=${encodeURIComponent(reportId)}` }],
        };
      }
      case 'generate_content': {
        const args = toolArgs.generate_content.parse(rawArgs);
        await createContent(
          ctx,
          owner,
          {
            platforms: [...new Set(args.platforms)],
            socialMediaType: 'imageText',
            ideaStyle: DEFAULT_IDEA_STYLE,
            mktType: args.mktType,
            marketDesc: args.marketDesc,
            productInfo: args.productInfo,
            ...(args.title || args.idea ? { idea: { title: args.title, content: args.idea } } : {}),
          },
          lang,
        );
        return {
          name: tool,
          args,
          ok: true,
          summary: t('contentStarted'),
          items: [
            { title: args.title || args.productInfo.slice(0, 60), detail: args.platforms.join(', '), url: '/mott-content' },
          ],
        };
      }
    }
  } catch (err) {
    const known = err instanceof AppError || err instanceof ZodError;
    const summary = err instanceof AppError ? translate(lang, `errors:${err.key}`) : t('toolFailed');
    if (!known) ctx.log.warn({ err, tool }, 'agent tool failed');
    return { name: tool, args: rawArgs, ok: false, summary, items: [] };
  }
}

/** The tool results as the answering step reads them. */
export function toolContext(calls: ToolCallView[]): string {
  return calls
    .map(
      (c) =>
        `[${c.name} ${JSON.stringify(c.args)}] ${c.ok ? '' : 'FAILED: '}${c.summary}\n` +
        c.items.map((i, n) => `${n + 1}. ${i.title}${i.detail ? ` — ${i.detail}` : ''}${i.url ? ` (${i.url})` : ''}`).join('\n'),
    )
    .join('\n\n');
}
