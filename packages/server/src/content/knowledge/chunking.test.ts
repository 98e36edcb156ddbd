import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, QA_SPLIT_SIZE, sentences, splitText } from './chunking.ts';

describe('splitText', () => {
  it('keeps Chinese sentences whole, closing quotes with their sentence', () => {
    expect(sentences('他说：“好的。”然后走了！你呢？')).toEqual(['他说：“好的。”', '然后走了！', '你呢？']);
    expect(sentences('Price is 3.5 yuan. It ships today.')).toEqual(['Price is 3.5 yuan.', ' It ships today.']);
  });

  it('cuts 700-character chunks on sentence ends', () => {
    const sentence = '这款保温杯采用食品级不锈钢内胆，保温十二小时。'; // 23 characters
    const text = sentence.repeat(100);
    const chunks = splitText(text);
    expect(CHUNK_SIZE).toBe(700);
    expect(chunks.length).toBe(4);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(700);
      expect(chunk.endsWith('。')).toBe(true);
    }
    expect(chunks.join('')).toBe(text);
    // As many whole sentences as fit: 30 x 23 = 690.
    expect(chunks[0]!.length).toBe(690);
  });

  it('splits qa paragraphs at 4000 and hard-cuts a sentence longer than a chunk', () => {
    const text = `${'甲'.repeat(5000)}。短句。`;
    const qa = splitText(text, QA_SPLIT_SIZE);
    expect(QA_SPLIT_SIZE).toBe(4000);
    expect(qa.map((c) => c.length)).toEqual([4000, 1001 + 3]);
    expect(splitText('  \n\n ')).toEqual([]);
  });

  it('prefers line breaks and semicolons as cut points too', () => {
    const text = `${'a'.repeat(400)}；${'b'.repeat(400)}\n${'c'.repeat(200)}`;
    expect(splitText(text).map((c) => c.length)).toEqual([401, 601]);
  });
});
