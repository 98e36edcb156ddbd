import { describe, expect, it } from 'vitest';
import { kosCountOf, kosDayOf, kosPlatformOf } from './readings.ts';

describe('KOS readings', () => {
  it('names platforms in Chinese and English, any case', () => {
    expect(kosPlatformOf(' 抖音 ')).toBe('douyin');
    expect(kosPlatformOf('RedBook')).toBe('xiaohongshu');
    expect(kosPlatformOf('公众号')).toBe('wechat');
    expect(kosPlatformOf('微博')).toBe('weibo');
    expect(kosPlatformOf('tiktok')).toBeNull();
    expect(kosPlatformOf('constructor')).toBeNull();
  });

  it('reads days as YYYY/MM/DD and refuses impossible ones', () => {
    expect(kosDayOf('2026-3-7')).toBe('2026/03/07');
    expect(kosDayOf('2026.11.23 10:00')).toBe('2026/11/23');
    expect(kosDayOf('2026/02/30')).toBeNull();
    expect(kosDayOf('23/11/2026')).toBeNull();
  });

  it('reads counts with 万, k and thousands separators', () => {
    expect(kosCountOf('1.2万')).toBe(12_000);
    expect(kosCountOf('3,400')).toBe(3400);
    expect(kosCountOf('5K')).toBe(5000);
    expect(kosCountOf('2w')).toBe(20_000);
    expect(kosCountOf('')).toBe(0);
    expect(kosCountOf('many')).toBeNull();
  });
});
