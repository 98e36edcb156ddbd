import {
  DEFAULT_IDEA_STYLE,
  HOT_PIC_REWRITE,
  HOT_VIDEO_REWRITE,
  type IdeaStyle,
  type PictureRewriteParams,
  pictureRewriteParams,
  REWRITE_PLATFORM_LIMITS,
  THEME_ARTICLE_GEN,
  type TopicGenerateParams,
  topicGenerateParams,
  type VideoRewriteParams,
  type VideoScript,
  videoRewriteParams,
  videoScriptResult,
} from '@productimage/core';
import { offlineContent } from '../../engines/offline-writer/composer.ts';
import { chatEngine } from '../../engines/openai-chat/index.ts';
import { createOpenAiImagesEngine } from '../../engines/openai-images/engine.ts';
import { imagesApiConfigured } from '../../engines/openai-images/index.ts';
import { writePost } from '../../engines/rewrite-chat/index.ts';
import { checkAborted, type Engine, EngineInputError } from '../../engines/types.ts';
import type { Config } from '../../platform/config.ts';
import { describePicture, visionConfigured } from './vision.ts';

/**
 * The engines of the rewrite tools (registered in src/engine-catalogue.ts):
 * - `rewrite-picture` (HOT_PIC_REWRITE): the configured images API (IMAGE_API_*) edits the original
 *   picture into a new one for the user's product, guided by the picture's description: read by the
 *   vision-capable model (LLM_VISION_MODEL) when one is configured, and the user's picDesc.
 *   Without an images API the type has no engine and is refused before charging.
 * - `rewrite-script` (HOT_VIDEO_REWRITE): the chat model writes a shot-by-shot script from the
 *   original video's shots and duration (taken with ffmpeg at upload) and, with a vision-capable
 *   model, what each shot's keyframe shows.
 * - `topic-chat` / `topic-offline` (THEME_ARTICLE_GEN): articles on a topic by the chat model, or,
 *   without one, by the offline writer (a template draft from the user's own words, labelled so).
 */

const PLATFORM_NAMES = { xiaohongshu: '小红书', weibo: '微博', douyin: '抖音' } as const;

/** `seen`: what a vision-capable model read in the original picture, when one is configured. */
export function picturePrompt(p: PictureRewriteParams, seen = ''): string {
  return [
    'Create a new commercial picture in the spirit of the given original picture (same mood, composition and layout), but showing the product described below instead of the original subject. Do not copy any logo or text of the original.',
    seen && `The original picture as seen: ${seen}`,
    p.picDesc && `The original picture: ${p.picDesc}`,
    p.withProduct && 'The second picture shows the product: put exactly this product into the new picture.',
    `The product: ${p.productInfo}`,
    p.marketDesc && `Marketing goal: ${p.marketDesc}`,
    p.res && `Requirements: ${p.res}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export function createPictureRewriteEngine(config: Config): Engine {
  if (!imagesApiConfigured(config)) throw new Error('rewrite-picture needs IMAGE_API_BASE_URL and IMAGE_API_MODEL');
  const images = createOpenAiImagesEngine({
    baseUrl: config.IMAGE_API_BASE_URL ?? '',
    apiKey: config.IMAGE_API_KEY,
    model: config.IMAGE_API_MODEL ?? '',
    timeoutMs: config.IMAGE_API_TIMEOUT_MS,
  });
  return {
    name: 'rewrite-picture',
    bizTypes: [HOT_PIC_REWRITE],
    async run(job) {
      const params = pictureRewriteParams.parse(job.params);
      const original = job.inputs[0];
      // With a vision-capable model the original is read first (description and layout); else the user's picDesc.
      const seen = original && visionConfigured(config) ? await describePicture(config, original.buffer, job.signal) : '';
      checkAborted(job.signal);
      job.progress(10);
      // One picture per item: the images API edits the original with our prompt.
      const result = await images.run({
        ...job,
        params: { prompt: picturePrompt(params, seen), ratio: params.ratio, genNum: 1 },
      });
      return Array.isArray(result) ? result.slice(0, 1) : result;
    },
  };
}

export function scriptPrompt(p: VideoRewriteParams): { system: string; user: string } {
  const shots = p.shots
    .map((s, i) => `${i + 1}. ${s.start.toFixed(1)}s–${s.end.toFixed(1)}s${s.desc ? `：${s.desc}` : ''}`)
    .join('\n');
  const system =
    p.lang === 'en'
      ? 'You write short-video scripts. Keep the rhythm and structure of the original video (its shots and their lengths) but make a new video about the user\'s product. Answer as JSON: {"title": string, "shots": [{"shot": number, "picture": what the camera shows, "line": the spoken line or caption, "duration": seconds}]}.'
      : '你是短视频脚本策划。保留原视频的节奏和结构（镜头数和每个镜头的时长），为用户的商品写一个全新的视频脚本。用 JSON 回答：{"title": 标题, "shots": [{"shot": 镜号, "picture": 画面内容, "line": 台词或字幕, "duration": 秒数}]}。';
  const user = [
    `原视频时长：${p.durationSeconds.toFixed(1)} 秒，共 ${p.shots.length} 个镜头：\n${shots}`,
    p.transcript && `原视频文案：\n${p.transcript}`,
    `我的商品：${p.productInfo}`,
    p.marketDesc && `营销诉求：${p.marketDesc}`,
    p.res && `改写要求：${p.res}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { system, user };
}

/** The script as text: one line per shot. */
export function scriptText(script: VideoScript, lang: 'zh' | 'en'): string {
  const head = lang === 'en' ? `Title: ${script.title}` : `标题：${script.title}`;
  const rows = script.shots.map((s) =>
    lang === 'en'
      ? `Shot ${s.shot} (${s.duration}s) | Picture: ${s.picture} | Line: ${s.line}`
      : `镜头${s.shot}（${s.duration}秒）｜画面：${s.picture}｜台词：${s.line}`,
  );
  return [head, ...rows].join('\n');
}

export function createScriptRewriteEngine(config: Config): Engine {
  return {
    name: 'rewrite-script',
    bizTypes: [HOT_VIDEO_REWRITE],
    async run(job) {
      const engine = chatEngine(config);
      if (!engine) throw new EngineInputError('no chat model');
      const params = videoRewriteParams.parse(job.params);
      const { system, user } = scriptPrompt(params);
      checkAborted(job.signal);
      const answer = await engine.chat({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        json: { name: 'video_script', schema: videoScriptResult },
        signal: job.signal,
      });
      const script = answer.json;
      if (!script?.shots.length) throw new EngineInputError('empty answer');
      // Shots numbered in order, durations never negative.
      const data: VideoScript = {
        title: script.title.trim(),
        shots: script.shots.map((s, i) => ({ ...s, shot: i + 1, duration: Math.max(0, Math.round(s.duration * 10) / 10) })),
      };
      const text = scriptText(data, params.lang);
      job.delta?.(text);
      job.progress(99);
      return { text, data };
    },
  };
}

export function topicPrompt(p: TopicGenerateParams): { system: string; user: string } {
  const limits = REWRITE_PLATFORM_LIMITS[p.platform];
  const style = p.style === 'default' ? '自然真诚的风格' : `「${p.style}」风格`;
  const system =
    p.lang === 'en'
      ? `You write posts for ${p.platform} on a given topic that promote the user's product naturally. Title at most ${limits.title} characters, body at most ${limits.body}. Answer exactly as:\n标题：<title>\n正文：<body>`
      : `你是${PLATFORM_NAMES[p.platform]}内容创作者。围绕给定话题写一篇笔记，自然地带出用户的商品，用${style}。标题不超过${limits.title}字，正文不超过${limits.body}字。严格按以下格式回答：\n标题：<标题>\n正文：<正文>`;
  const user = [
    `话题：${p.topic}`,
    p.topicDesc && `话题说明：${p.topicDesc}`,
    p.productInfo && `我的商品：${p.productInfo}`,
    p.marketDesc && `营销诉求：${p.marketDesc}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { system, user };
}

export function createTopicChatEngine(config: Config): Engine {
  return {
    name: 'topic-chat',
    bizTypes: [THEME_ARTICLE_GEN],
    async run(job) {
      const engine = chatEngine(config);
      if (!engine) throw new EngineInputError('no chat model');
      const params = topicGenerateParams.parse(job.params);
      return writePost(engine, job, topicPrompt(params), params.platform);
    },
  };
}

/** Without a chat model: the offline writer's template draft from the user's own words (the page labels it). */
export function createTopicOfflineEngine(): Engine {
  return {
    name: 'topic-offline',
    bizTypes: [THEME_ARTICLE_GEN],
    async run(job) {
      const p = topicGenerateParams.parse(job.params);
      const limits = REWRITE_PLATFORM_LIMITS[p.platform];
      const data = offlineContent(
        {
          lang: p.lang,
          topic: p.topic,
          topicDesc: p.topicDesc,
          productInfo: p.productInfo,
          marketDesc: p.marketDesc,
          mktType: 'product',
          ideaStyle: p.style === 'default' ? DEFAULT_IDEA_STYLE : (p.style as IdeaStyle),
          platform: p.platform,
        },
        { title: limits.title, content: limits.body },
      );
      job.delta?.(`标题：${data.title}\n正文：${data.content}`);
      job.progress(99);
      return { text: `标题：${data.title}\n正文：${data.content}`, data };
    },
  };
}
