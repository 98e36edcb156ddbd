import { REWRITE_PLATFORM_LIMITS, type RewritePlatform } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { offlineContent } from '../../engines/offline-writer/composer.ts';
import type { ChatEngine } from '../../engines/openai-chat/index.ts';
import { writePost } from '../../engines/rewrite-chat/index.ts';
import type { EngineJob } from '../../engines/types.ts';
import { jieba } from '../../engines/words.ts';
import { createTopicOfflineEngine } from './engines.ts';

/**
 * The rewrite tools' titles within the platform's limit end on a whole word (issue 47; spec 001 §5),
 * as the marketing suite's do: the offline writer's topic drafts and a chat model's too-long title.
 */
const job = (params: Record<string, unknown>): EngineJob => ({
  taskId: 'titles',
  bizType: 'THEME_ARTICLE_GEN',
  params,
  inputs: [],
  signal: new AbortController().signal,
  progress: () => undefined,
});

/** Where jieba's words of `full` end (in characters): a title cut there ends on a whole word. */
const wordEnds = (full: string) => {
  const ends = new Set<number>();
  let at = 0;
  for (const word of jieba().cut(full, true)) {
    at += [...word].length;
    ends.add(at);
  }
  return ends;
};

const LONG_TOPICS = [
  { topic: '寒潮来袭通勤族的冬季暖心好物推荐', productInfo: '云朵保温杯 316不锈钢内胆 保温12小时一键开盖' },
  { topic: '开学季宿舍收纳改造全攻略', productInfo: '折叠收纳箱 加厚牛津布 大容量可水洗' },
  { topic: '春日露营野餐必备清单', productInfo: '真丝睡衣套装 桑蚕丝 亲肤透气 春夏新款' },
];

describe('rewrite titles cut at word boundaries', () => {
  it('the offline writer’s topic drafts: within the limit, a prefix of the full title, ending where a word ends', async () => {
    let charCutSplitsAWord = 0;
    for (const platform of ['douyin', 'xiaohongshu'] as RewritePlatform[])
      for (const { topic, productInfo } of LONG_TOPICS) {
        const params = { topic, productInfo, marketDesc: '通勤上班族', platform, lang: 'zh', style: 'default' };
        const result = await createTopicOfflineEngine().run(job(params));
        const title = (result as { data: { title: string } }).data.title;
        const full = offlineContent({
          lang: 'zh',
          topic,
          productInfo,
          marketDesc: '通勤上班族',
          mktType: 'product',
          ideaStyle: '生活日常',
          platform,
        }).title;
        const max = REWRITE_PLATFORM_LIMITS[platform].title;
        expect([...full].length).toBeGreaterThan(max);
        expect([...title].length).toBeLessThanOrEqual(max);
        expect(full.startsWith(title)).toBe(true);
        expect(wordEnds(full).has([...title].length)).toBe(true);
        if (!wordEnds(full).has(max)) charCutSplitsAWord++;
      }
    // Long enough that a cut by characters would have ended inside a word.
    expect(charCutSplitsAWord).toBeGreaterThan(0);
  });

  it('English drafts end on a whole English word', async () => {
    const topic = 'Winter warmers every commuter needs this season';
    const result = await createTopicOfflineEngine().run(
      job({ topic, productInfo: 'Cloud thermos bottle', platform: 'weibo', lang: 'en', style: 'default' }),
    );
    const title = (result as { data: { title: string } }).data.title;
    expect(title).toBe('Winter warmers every commuter');
    expect([...title].length).toBeLessThanOrEqual(REWRITE_PLATFORM_LIMITS.weibo.title);
  });

  it('a chat model’s title over the limit is cut on a whole word, not at the 20th character', async () => {
    const long = '寒潮来袭通勤族必备的冬季暖心好物保温杯316不锈钢内胆随身带热水一整天';
    const engine = { chat: async () => ({ text: `标题：${long}\n正文：今天聊聊冬天的随身热水。` }) } as unknown as ChatEngine;
    const result = await writePost(engine, job({}), { system: '', user: '' }, 'douyin');
    const title = (result as { data: { title: string } }).data.title;
    expect([...title].length).toBeLessThanOrEqual(20);
    expect(long.startsWith(title)).toBe(true);
    expect(wordEnds(long).has([...title].length)).toBe(true);
    expect(title).not.toBe([...long].slice(0, 20).join(''));
  });
});
