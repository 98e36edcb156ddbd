import { IDEAS_PER_TYPE, type Language, type Platform, type SocialType, TITLE_LIMITS } from '@productimage/core';
import { z } from 'zod';
import { offlineAssociation, offlineContent, offlineIdeas, offlineSummary } from '../../../engines/offline-writer/composer.ts';
import type { ChatEngine } from '../../../engines/openai-chat/index.ts';
import { cutAtWord } from '../../../engines/words.ts';
import { fillPrompt, type PromptStep, promptText } from './prompts.ts';
import type { BriefInput, ContentDraft, ContentInput, IdeaDraft } from './types.ts';

/**
 * The writing steps of idea reports and content, each with its prompt file for `openai-chat` and
 * its composer for `offline-writer`. `engine` null means the offline writer.
 */
export interface StepOptions {
  engine: ChatEngine | null;
  signal: AbortSignal;
  onDelta?: (text: string, restart?: boolean) => void;
  /** Tokens used by this step (openai-chat only). */
  onTokens?: (tokens: number) => void;
}

const PLATFORM_NAMES: Record<Platform, { zh: string; en: string }> = {
  douyin: { zh: '抖音', en: 'Douyin' },
  xiaohongshu: { zh: '小红书', en: 'Xiaohongshu' },
  weibo: { zh: '微博', en: 'Weibo' },
  wechat: { zh: '微信公众号', en: 'WeChat official account' },
};

const MKT_NAMES = { product: { zh: '产品营销', en: 'product marketing' }, brand: { zh: '品牌营销', en: 'brand marketing' } };

function briefValues(b: BriefInput, extra: Record<string, string | number> = {}) {
  return {
    topic: b.topic,
    topicDesc: b.topicDesc,
    productInfo: b.productInfo,
    marketDesc: b.marketDesc,
    mktType: MKT_NAMES[b.mktType][b.lang],
    ideaStyle: b.ideaStyle,
    ...extra,
  };
}

async function chatText(
  lang: Language,
  step: PromptStep,
  values: Record<string, string | number | undefined>,
  o: StepOptions & { engine: ChatEngine },
  persona?: string,
) {
  const system = persona ? `${promptText(lang, 'system')}\n${persona}` : promptText(lang, 'system');
  const result = await o.engine.chat({
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: fillPrompt(promptText(lang, step), values) },
    ],
    signal: o.signal,
    onDelta: o.onDelta,
  });
  if (result.usage) o.onTokens?.(result.usage.totalTokens);
  return result.text.trim();
}

export async function writeSummary(b: BriefInput, o: StepOptions): Promise<string> {
  if (!o.engine) return offlineSummary(b);
  return chatText(b.lang, 'summary', briefValues(b), { ...o, engine: o.engine });
}

export async function writeAssociation(b: BriefInput, summary: string, o: StepOptions): Promise<string> {
  if (!o.engine) return offlineAssociation(b);
  return chatText(b.lang, 'association', briefValues(b, { summary }), { ...o, engine: o.engine });
}

const ideasSchema = z.object({
  ideas: z.array(z.object({ title: z.string().min(1), content: z.string().min(1) })).min(1),
});

const ADVICE_PROMPT: Record<SocialType, PromptStep> = {
  image: 'advice_online',
  video: 'advice_online_video',
  offline: 'advice_offline',
};

export async function writeIdeas(type: SocialType, b: BriefInput, summary: string, o: StepOptions): Promise<IdeaDraft[]> {
  if (!o.engine) return offlineIdeas(type, b, IDEAS_PER_TYPE);
  const result = await o.engine.chat({
    messages: [
      { role: 'system', content: promptText(b.lang, 'system') },
      {
        role: 'user',
        content: fillPrompt(promptText(b.lang, ADVICE_PROMPT[type]), briefValues(b, { summary, count: IDEAS_PER_TYPE })),
      },
    ],
    json: { name: 'ideas', schema: ideasSchema },
    signal: o.signal,
    onDelta: o.onDelta,
  });
  if (result.usage) o.onTokens?.(result.usage.totalTokens);
  return (result.json?.ideas ?? [])
    .slice(0, IDEAS_PER_TYPE)
    .map((i) => ({ title: i.title.trim().slice(0, 200), content: i.content.trim().slice(0, 4000) }));
}

/** Platform rules as the prompt states them. */
function limitsText(lang: Language, platform: Platform): string {
  const limits = TITLE_LIMITS[platform];
  if (lang === 'zh')
    return limits
      ? `标题不超过 ${limits.title} 个字，正文不超过 ${limits.content} 个字；${platform === 'xiaohongshu' ? '多用 emoji 和话题标签 #话题' : '口语化，短句，结尾带话题标签 #话题'}`
      : platform === 'weibo'
        ? '标题简短，正文口语化，话题用 #话题# 形式'
        : '公众号文章：标题吸引人，正文分段，有小标题';
  return limits
    ? `title at most ${limits.title} characters, body at most ${limits.content} characters; ${platform === 'xiaohongshu' ? 'use emoji and #hashtags' : 'spoken style, short lines, #hashtags at the end'}`
    : platform === 'weibo'
      ? 'short title, conversational body, topics written as #topic#'
      : 'an article: a catchy title, the body in paragraphs with subheadings';
}

/** Splits "标题：…\n正文：…" / "TITLE: …\nBODY: …" answers; without markers the first line is the title. */
export function parseContentAnswer(text: string): ContentDraft {
  const cleaned = text.replace(/\r/g, '').trim();
  const m = /^(?:标题|TITLE)\s*[:：]\s*(.*)\n+(?:正文|BODY)\s*[:：]\s*\n?([\s\S]*)$/im.exec(cleaned);
  if (m) return { title: (m[1] ?? '').trim(), content: (m[2] ?? '').trim() };
  const [first, ...rest] = cleaned.split('\n');
  return { title: (first ?? '').replace(/^(?:标题|TITLE)\s*[:：]\s*/i, '').trim(), content: rest.join('\n').trim() };
}

/**
 * Cuts a draft to the platform's limits (spec 001 §5), counted in characters as users see them; the
 * title at a word boundary (douyin and xiaohongshu: 20), never mid-word.
 */
export function enforceLimits(platform: Platform, draft: ContentDraft): ContentDraft {
  const limits = TITLE_LIMITS[platform];
  if (!limits) return draft;
  return {
    title: cutAtWord(draft.title, limits.title),
    content: [...draft.content].slice(0, limits.content).join(''),
  };
}

export async function writeContent(input: ContentInput, o: StepOptions): Promise<ContentDraft> {
  if (!o.engine) {
    // The title is cut here, at a word boundary (enforceLimits), not character-wise inside the composer.
    const limits = TITLE_LIMITS[input.platform];
    return enforceLimits(
      input.platform,
      offlineContent(
        { ...input, topic: input.idea?.title ?? input.productInfo.slice(0, 20) },
        limits && { ...limits, title: Number.MAX_SAFE_INTEGER },
      ),
    );
  }
  const lang = input.lang;
  const mediaNames = {
    imageText: { zh: '图文', en: 'image and text' },
    video: { zh: '视频脚本', en: 'video script' },
    text: { zh: '纯文字', en: 'text only' },
  };
  const text = await chatText(
    lang,
    'content',
    {
      platformName: PLATFORM_NAMES[input.platform][lang],
      mediaType: mediaNames[input.socialMediaType][lang],
      limits: limitsText(lang, input.platform),
      idea: input.idea ? `${input.idea.title}：${input.idea.content}` : undefined,
      productInfo: input.productInfo,
      marketDesc: input.marketDesc,
      mktType: MKT_NAMES[input.mktType][lang],
      ideaStyle: input.ideaStyle,
    },
    { ...o, engine: o.engine },
    input.persona,
  );
  return enforceLimits(input.platform, parseContentAnswer(text));
}
