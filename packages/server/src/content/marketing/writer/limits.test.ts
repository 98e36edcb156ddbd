import { describe, expect, it } from 'vitest';
import { offlineContent } from '../../../engines/offline-writer/composer.ts';
import { cutAtWord } from '../../../engines/words.ts';
import { enforceLimits, writeContent } from './steps.ts';

/** Titles within the platform's 20 characters end on a whole word (spec 001 §5; issue 47). */
describe('title limits cut at word boundaries', () => {
  it('keeps whole words within the limit, as the segmenter splits them', () => {
    const title = '冬季保温杯推荐｜316不锈钢内胆随身带热水一整天';
    const cut = cutAtWord(title, 20);
    expect([...cut].length).toBeLessThanOrEqual(20);
    expect(title.startsWith(cut)).toBe(true);
    // A character-wise cut would end inside 热水 ("…随身带热"); the word cut does not.
    expect([...title].slice(0, 20).join('')).toBe('冬季保温杯推荐｜316不锈钢内胆随身带热');
    expect(cut.endsWith('热')).toBe(false);
    expect(cutAtWord('short title', 20)).toBe('short title');
    expect(enforceLimits('douyin', { title: 'Winter thermos bottles for every commute', content: 'x' }).title).toBe(
      'Winter thermos',
    );
  });

  it('the offline writer’s douyin titles end on a whole word', async () => {
    let cutInsideAWord = 0;
    for (const productInfo of ['云朵保温杯 316不锈钢内胆 保温12小时一键开盖', '真丝睡衣套装 桑蚕丝 亲肤透气 春夏新款']) {
      const input = {
        lang: 'zh',
        platform: 'douyin',
        socialMediaType: 'video',
        ideaStyle: '整活幽默',
        mktType: 'product',
        marketDesc: '通勤上班族',
        productInfo,
        topic: '降温天气',
        idea: { title: '寒潮来了也不怕的随身热水神器', content: '' },
      } as const;
      const full = offlineContent(input as never).title;
      const draft = await writeContent(input as never, { engine: null } as never);
      expect([...draft.title].length).toBeLessThanOrEqual(20);
      expect(full.startsWith(draft.title)).toBe(true);
      expect(draft.title).toBe(cutAtWord(full, 20));
      if ([...full].slice(0, 20).join('') !== draft.title) cutInsideAWord++;
    }
    // The titles were longer than 20 and a character cut would have split a word.
    expect(cutInsideAWord).toBeGreaterThan(0);
  });
});
