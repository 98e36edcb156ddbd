import { describe, expect, it } from 'vitest';
import { wrap } from './poster-engine.ts';

const CLOSING = /^[，。、；：？！）」』】》,.;:?!)]/u;

describe('idea picture text (issue 30)', () => {
  it('never starts a line with closing punctuation, never splits a price, and ends a cut text with an ellipsis', () => {
    const text = '夏日清爽好物推荐：这款面霜一抹化水，清透不黏腻。限时到手价￥299，第二件5折。数量有限，送完即止。'.repeat(3);
    for (const width of [12, 14, 16, 20, 30]) {
      const lines = wrap(text, width, 4);
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(line).not.toMatch(CLOSING);
      expect(lines.at(-1)).toMatch(/[^，。、]…$/u);
    }
    const whole = wrap('限时到手价￥299。', 16, 3);
    expect(whole.some((l) => l.includes('到手价￥299'))).toBe(true);
    expect(wrap('短标题', 16, 3)).toEqual(['短标题']);
  });
});
