import { describe, expect, it } from 'vitest';
import { type Posting, scoreBm25 } from './bm25.ts';
import { snippetOf } from './snippet.ts';
import { termCounts, terms } from './tokenize.ts';

const corpus = [
  '这款保温杯采用316不锈钢内胆，保温时间长达12小时，适合户外出行。',
  '夏季防晒霜推荐：SPF50+，清爽不油腻，适合油性皮肤日常通勤使用。',
  '无线蓝牙耳机支持主动降噪，续航30小时，通话清晰，佩戴舒适。',
  '儿童保温饭盒分三层，可以放进微波炉加热，学生午餐好帮手。',
  '运动跑鞋采用缓震中底，鞋面透气网布，适合长跑和健身训练。',
];

function search(query: string) {
  const docs = corpus.map((text, i) => ({ id: i, ...termCounts(text) }));
  const queryTerms = new Set(terms(query));
  const postings: Posting[] = docs.flatMap((d) =>
    [...d.counts].filter(([t]) => queryTerms.has(t)).map(([term, tf]) => ({ chunkId: d.id, term, tf, length: d.length })),
  );
  const avgLength = docs.reduce((s, d) => s + d.length, 0) / docs.length;
  return [...scoreBm25(postings, { count: docs.length, avgLength })].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

describe('BM25 over jieba terms', () => {
  it('segments Chinese and drops punctuation and function words', () => {
    const list = terms('这款保温杯的内胆是不锈钢。');
    expect(list).toContain('保温杯');
    expect(list).toContain('保温');
    expect(list).toContain('不锈钢');
    expect(list).not.toContain('的');
    expect(list).not.toContain('。');
  });

  it('finds the right chunk first for Chinese queries', () => {
    expect(search('不锈钢保温杯能保温多久')[0]).toBe(0);
    expect(search('降噪耳机续航')[0]).toBe(2);
    expect(search('油性皮肤防晒')[0]).toBe(1);
    expect(search('适合长跑的运动跑鞋')[0]).toBe(4);
    // "保温" is in two chunks; the lunch box query still ranks the lunch box first.
    expect(search('学生保温饭盒')[0]).toBe(3);
  });

  it('finds nothing for unrelated words', () => {
    expect(search('汽车轮胎')).toEqual([]);
  });

  it('highlights the matched terms in a snippet around them', () => {
    const text = `${'前言。'.repeat(100)}这款保温杯采用316不锈钢内胆。${'后记。'.repeat(100)}`;
    const parts = snippetOf(text, terms('不锈钢保温杯'), 60);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['保温杯', '不锈钢']);
    expect(parts[0]).toEqual({ text: '…', match: false });
    expect(parts.at(-1)).toEqual({ text: '…', match: false });
    expect(parts.map((p) => p.text).join('').length).toBeLessThanOrEqual(62);
  });
});
