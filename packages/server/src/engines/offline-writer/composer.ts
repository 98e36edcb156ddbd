import type { IdeaStyle, Language, Platform, SocialType } from '@productimage/core';
import { cutAtWord } from '../words.ts';

/**
 * `offline-writer`: the embedded default when no chat model is configured. A deterministic
 * composer: it arranges the user's own inputs (topic, product info, market description, style)
 * into drafts that follow each platform's rules. It invents nothing, costs no points and every
 * result it makes is labelled as a template draft in the UI (engine `offline-writer`).
 */
export const OFFLINE_WRITER = 'offline-writer' as const;

export interface OfflineBrief {
  lang: Language;
  topic: string;
  topicDesc?: string;
  productInfo: string;
  marketDesc: string;
  mktType: 'product' | 'brand';
  ideaStyle: IdeaStyle;
}

/** Opening and closing lines per style, so the seven styles read differently. */
const STYLE: Record<IdeaStyle, { zh: [string, string]; en: [string, string] }> = {
  整活幽默: {
    zh: ['先别划走，这事儿有点好笑', '笑完记得点个赞'],
    en: ["Don't scroll yet, this one is fun", 'Laughed? Leave a like'],
  },
  专业严谨: {
    zh: ['从专业角度聊聊', '以上信息供参考，欢迎交流'],
    en: ['A closer, factual look', 'Questions welcome in the comments'],
  },
  生动活泼: { zh: ['来啦来啦', '一起冲鸭'], en: ['Here it comes', "Let's go together"] },
  脑洞大开: {
    zh: ['如果换个角度想呢', '你还能想到什么玩法'],
    en: ['What if we looked at it the other way round', 'What would you try?'],
  },
  阳光励志: { zh: ['每一天都值得认真对待', '一起变得更好'], en: ['Every day deserves our best', "Let's get better together"] },
  情感共鸣: { zh: ['也许你也有过这样的时刻', '愿你被温柔以待'], en: ['Maybe you have felt this too', 'Be kind to yourself'] },
  生活日常: {
    zh: ['分享一个日常小片段', '生活里的小确幸'],
    en: ['A small moment from everyday life', 'Little joys of every day'],
  },
};

/** The first sentence, within `max` characters, ending on a whole word (issue 47: never mid-word). */
const firstSentence = (text: string, max: number) => {
  const s = text.split(/[。！？!?.\n]/)[0]?.trim() || text.trim();
  return cutAtWord(s, max);
};

/** A body within its limit: characters, as the platforms count them (titles and phrases: `cutAtWord`). */
const clip = (text: string, max: number) => [...text].slice(0, max).join('');

export function offlineSummary(b: OfflineBrief): string {
  const subject = b.mktType === 'brand' ? (b.lang === 'zh' ? '品牌' : 'brand') : b.lang === 'zh' ? '产品' : 'product';
  if (b.lang === 'zh')
    return [
      `「${b.topic}」是本次借势的主题${b.topicDesc ? `：${firstSentence(b.topicDesc, 80)}` : ''}。`,
      b.marketDesc ? `目标市场：${firstSentence(b.marketDesc, 80)}。` : '',
      b.productInfo ? `本次推广的${subject}：${firstSentence(b.productInfo, 80)}。` : '',
      `切入点：把「${b.topic}」的关注度和${subject}的使用场景放在一起讲。`,
    ].join('');
  return [
    `"${b.topic}" is the topic to ride${b.topicDesc ? `: ${firstSentence(b.topicDesc, 120)}` : ''}.`,
    b.marketDesc ? ` Target market: ${firstSentence(b.marketDesc, 120)}.` : '',
    b.productInfo ? ` The ${subject} promoted: ${firstSentence(b.productInfo, 120)}.` : '',
    ` Angle: put the attention on "${b.topic}" together with where the ${subject} is used.`,
  ].join('');
}

const ANGLES: Record<SocialType, { zh: string[]; en: string[] }> = {
  image: {
    zh: ['场景图', '对比图', '清单图'],
    en: ['scene picture', 'before/after picture', 'checklist picture'],
  },
  video: {
    zh: ['开箱', '剧情反转', '一镜到底'],
    en: ['unboxing', 'plot twist', 'one-take'],
  },
  offline: {
    zh: ['主题打卡墙', '限时互动', '到店福利'],
    en: ['photo wall', 'timed game', 'in-store treat'],
  },
};

/** Three ideas per creative type, each one angle applied to the user's topic and product. */
export function offlineIdeas(type: SocialType, b: OfflineBrief, count = 3): Array<{ title: string; content: string }> {
  const [open, close] = STYLE[b.ideaStyle][b.lang];
  const product = firstSentence(b.productInfo || b.marketDesc || b.topic, b.lang === 'zh' ? 30 : 60);
  return ANGLES[type][b.lang].slice(0, count).map((angle) => {
    if (b.lang === 'zh') {
      const how =
        type === 'image'
          ? `配图：以「${b.topic}」为背景做${angle}，突出${product}。文案开头“${open}”，结尾“${close}”，邀请评论区分享自己的${b.topic}时刻。`
          : type === 'video'
            ? `开头 3 秒：用${angle}的方式抛出「${b.topic}」；中段：展示${product}的使用场景；结尾：“${close}”，引导关注。`
            : `现场：布置「${b.topic}」${angle}，顾客参与后获得${product}相关的小福利，拍照分享到社交平台再领一份。`;
      return { title: cutAtWord(`${b.topic}×${angle}`, 20), content: how };
    }
    const how =
      type === 'image'
        ? `Picture: a ${angle} set against "${b.topic}", featuring ${product}. Open with "${open}", close with "${close}", and ask readers to share their own ${b.topic} moment.`
        : type === 'video'
          ? `First 3 seconds: bring up "${b.topic}" as a ${angle}; middle: show ${product} in use; end: "${close}" and ask viewers to follow.`
          : `On site: a "${b.topic}" ${angle}; visitors who join get a small treat around ${product}, and another one for sharing a photo online.`;
    return { title: cutAtWord(`${b.topic} × ${angle}`, 40), content: how };
  });
}

export function offlineAssociation(b: OfflineBrief): string {
  const product = firstSentence(b.productInfo || b.marketDesc, 60) || b.topic;
  return b.lang === 'zh'
    ? `「${b.topic}」带来的关注可以自然引到：${product}。借势时突出它在这个场景里解决的问题，而不是硬贴热点。`
    : `The attention around "${b.topic}" leads naturally to: ${product}. Stress what it solves in that moment rather than forcing the link.`;
}

export function offlineRisk(b: OfflineBrief): string {
  return b.lang === 'zh'
    ? [
        `- 核实「${b.topic}」的来龙去脉，避免借势负面或灾难类事件。`,
        '- 不使用“最”“第一”“国家级”等广告法禁用的极限用语。',
        '- 不搬运他人图片和视频，注意肖像与版权。',
        '- 遵守平台对营销内容的标注要求。',
      ].join('\n')
    : [
        `- Check the background of "${b.topic}"; never ride negative news or tragedies.`,
        '- Avoid superlatives such as "best" or "number one" that advertising law bans.',
        "- Do not reuse others' pictures or videos; mind portrait rights and copyright.",
        "- Follow the platform's rules for labelling promotional posts.",
      ].join('\n');
}

export interface OfflineContentInput extends OfflineBrief {
  platform: Platform;
  idea?: { title: string; content: string };
}

const TAGS: Record<Platform, (words: string[]) => string> = {
  xiaohongshu: (w) => w.map((x) => `#${x}`).join(' '),
  douyin: (w) => w.map((x) => `#${x}`).join(' '),
  weibo: (w) => w.map((x) => `#${x}#`).join(' '),
  wechat: () => '',
};

/** A post for one platform: title and body within the platform's limits (the caller enforces them again). */
export function offlineContent(
  input: OfflineContentInput,
  limits?: { title: number; content: number },
): { title: string; content: string } {
  const [open, close] = STYLE[input.ideaStyle][input.lang];
  const topic = input.idea?.title || input.topic;
  const product = input.productInfo.trim();
  const tags = TAGS[input.platform](
    [input.topic, ...(input.idea ? [input.idea.title] : [])].map((t) => cutAtWord(t.replace(/\s+/g, ''), 12)),
  );
  const zh = input.lang === 'zh';
  // Whole words within the platform's title limit (douyin 20, weibo 100: REWRITE_PLATFORM_LIMITS, spec 001 §5).
  const title = cutAtWord(
    zh
      ? `${topic}｜${firstSentence(product || input.marketDesc, 10)}`
      : `${topic} | ${firstSentence(product || input.marketDesc, 24)}`,
    limits?.title ?? 40,
  );
  const lines: string[] = [];
  if (input.platform === 'xiaohongshu') lines.push(`✨${open}✨`);
  else lines.push(open);
  if (input.idea?.content) lines.push(input.idea.content);
  if (product) lines.push(zh ? `推荐：${product}` : `Featured: ${product}`);
  if (input.marketDesc) lines.push(zh ? `适合：${input.marketDesc}` : `For: ${input.marketDesc}`);
  lines.push(close);
  if (tags) lines.push(tags);
  const body = lines.join(input.platform === 'wechat' ? '\n\n' : '\n');
  return { title, content: limits ? clip(body, limits.content) : body };
}
