import {
  type ArticleRewriteParams,
  articleRewriteParams,
  HOT_ARTICLE_REWRITE,
  REWRITE_PLATFORM_LIMITS,
  type RewritePlatform,
} from '@productimage/core';
import type { Config } from '../../platform/config.ts';
import { type ChatEngine, chatEngine } from '../openai-chat/index.ts';
import { checkAborted, type Engine, EngineInputError, type EngineJob, type EngineResult } from '../types.ts';
import { cutAtWord } from '../words.ts';

/**
 * `rewrite-chat`: hot-article rewrites (HOT_ARTICLE_REWRITE) written by the configured chat model.
 * The model answers "标题：…" then "正文：…"; the answer streams to the task as it comes, and the
 * final title and body are kept within the platform's limits (a title on a whole word, a body at a
 * sentence end when one is near).
 */
const PLATFORM_NAMES: Record<ArticleRewriteParams['platform'], string> = { xiaohongshu: '小红书', weibo: '微博', douyin: '抖音' };

export function rewritePrompt(p: ArticleRewriteParams): { system: string; user: string } {
  const limits = REWRITE_PLATFORM_LIMITS[p.platform];
  const style = p.style === 'default' ? '贴合原文的风格' : `「${p.style}」风格`;
  const system =
    p.lang === 'en'
      ? `You rewrite popular posts for ${p.platform}. Keep what made the original work (hook, structure, rhythm) but write new sentences about the user's product. Title at most ${limits.title} characters, body at most ${limits.body}. Answer exactly as:\n标题：<title>\n正文：<body>`
      : `你是${PLATFORM_NAMES[p.platform]}爆款文案改写助手。保留原文打动人的地方（开头钩子、结构、节奏），用全新的句子写用户的商品，不照抄原句，用${style}。标题不超过${limits.title}字，正文不超过${limits.body}字。严格按以下格式回答：\n标题：<标题>\n正文：<正文>`;
  const user = [
    p.title && `原文标题：${p.title}`,
    `原文：\n${p.article}`,
    p.summary && `原文要点：${p.summary}`,
    p.productInfo && `我的商品：${p.productInfo}`,
    p.marketDesc && `营销诉求：${p.marketDesc}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { system, user };
}

/** Cuts text to at most `max` characters, at the last sentence end when there is one. */
export function withinLimit(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max).join('');
  const end = Math.max(...['。', '！', '？', '!', '?', '.', '\n'].map((m) => head.lastIndexOf(m)));
  return end > max * 0.5 ? head.slice(0, end + 1).trim() : head;
}

/** Splits the model's answer into title and body (tolerates a missing label). */
export function parseRewrite(answer: string): { title: string; content: string } {
  const title = answer.match(/(?:标题|Title)[：:]\s*(.+)/i)?.[1]?.trim() ?? '';
  const bodyAt = answer.search(/(?:正文|Body)[：:]/i);
  const content =
    bodyAt >= 0 ? answer.slice(bodyAt).replace(/^(?:正文|Body)[：:]\s*/i, '') : answer.replace(/(?:标题|Title)[：:].*\n?/i, '');
  return { title, content: content.trim() };
}

/**
 * Has the chat model write a post from a prompt that asks for "标题：…" then "正文：…": the answer
 * streams to the task as it comes; the final title and body are kept within the platform's limits.
 */
export async function writePost(
  engine: ChatEngine,
  job: EngineJob,
  { system, user }: { system: string; user: string },
  platform: RewritePlatform,
): Promise<EngineResult> {
  checkAborted(job.signal);
  const answer = await engine.chat({
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    signal: job.signal,
    onDelta: (text) => {
      if (text) job.delta?.(text);
    },
  });
  const limits = REWRITE_PLATFORM_LIMITS[platform];
  const parsed = parseRewrite(answer.text);
  // A title the model wrote too long ends on a whole word (issue 47); the body at a sentence's end where one is near.
  const data = { title: cutAtWord(parsed.title.trim(), limits.title), content: withinLimit(parsed.content, limits.body) };
  if (!data.content) throw new EngineInputError('empty answer');
  job.progress(99);
  return { text: `标题：${data.title}\n正文：${data.content}`, data };
}

export function createRewriteChatEngine(config: Config): Engine {
  return {
    name: 'rewrite-chat',
    bizTypes: [HOT_ARTICLE_REWRITE],
    async run(job) {
      const engine = chatEngine(config);
      if (!engine) throw new EngineInputError('no chat model');
      const params = articleRewriteParams.parse(job.params);
      return writePost(engine, job, rewritePrompt(params), params.platform);
    },
  };
}
