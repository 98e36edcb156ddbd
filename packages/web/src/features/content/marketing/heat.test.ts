import { describe, expect, it } from 'vitest';
import { formatHeat } from './heat.ts';

describe('formatHeat', () => {
  it('reads large figures in 万 / 亿 in Chinese and K / M in English, and leaves words alone', () => {
    expect(formatHeat('1000000', 'zh')).toBe('100万');
    expect(formatHeat('1234567', 'zh')).toBe('123.5万');
    expect(formatHeat('350000000', 'zh')).toBe('3.5亿');
    expect(formatHeat('9800', 'zh')).toBe('9800');
    expect(formatHeat('1200000', 'en')).toBe('1.2M');
    expect(formatHeat('120万', 'zh')).toBe('120万');
    expect(formatHeat(null, 'zh')).toBe('');
  });
});
