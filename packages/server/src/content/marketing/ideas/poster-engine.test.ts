import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productPhoto } from '../../../engines/local/test-fixtures.test-support.ts';
import { type Box, ideaLayout, ideaPicture, placeProduct, posterSvg, wrap } from './poster-engine.ts';

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

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('idea and content pictures with the product (issue 30)', () => {
  const params = {
    title: '夏日清爽好物：冰镇一口气喝完的快乐，限时到手价￥29.9起',
    content: '这瓶汽水的气泡细密绵长，冰镇之后一口下去整个人都清醒了。办公室下午茶、露营野餐都合适，第二件5折。'.repeat(3),
  };

  it('shows the product cut out in its own box, beside text that never overlaps it; 2K is drawn at 2048 px', async () => {
    const signal = new AbortController().signal;
    const photo = await productPhoto(1024, 1024);
    const png = await ideaPicture(params, photo, signal);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);

    // Text and product never share pixels: every title and body line's box is clear of the product box.
    const layout = ideaLayout(params, true);
    const box = layout.product!;
    expect(layout.title.length).toBeLessThanOrEqual(2);
    for (const text of layout.textBoxes) expect(overlaps(text, box)).toBe(false);
    for (const line of [...layout.title, ...layout.body]) expect(line).not.toMatch(CLOSING);

    // Against the same layout drawn without the product: pixels change only inside the product's box
    // (product and floor shadow), and plenty change there (the red bottle, not an empty panel).
    const raw = async (b: Buffer) => (await sharp(b).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
    const withProduct = await raw(png);
    const without = await raw(
      await sharp(Buffer.from(posterSvg(params, { withProduct: true })))
        .png()
        .toBuffer(),
    );
    let inside = 0;
    let outside = 0;
    let red = 0;
    for (let y = 0; y < 1024; y++)
      for (let x = 0; x < 1024; x++) {
        const i = (y * 1024 + x) * 3;
        const diff =
          Math.abs(withProduct[i]! - without[i]!) +
          Math.abs(withProduct[i + 1]! - without[i + 1]!) +
          Math.abs(withProduct[i + 2]! - without[i + 2]!);
        if (diff <= 6) continue;
        const inBox = x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;
        if (inBox) inside++;
        else outside++;
        if (withProduct[i]! > 150 && withProduct[i + 1]! < 110 && withProduct[i + 2]! < 110) red++;
      }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(box.w * box.h * 0.15);
    expect(red).toBeGreaterThan(box.w * box.h * 0.05);
    // Cut out, not pasted as a rectangle: the studio backdrop (light grey) is not at the product's corners.
    const placed = placeProduct(box, 1, 2.2);
    expect(placed.left).toBeGreaterThanOrEqual(box.x);
    const corner = (box.y + 4) * 1024 * 3 + (box.x + 4) * 3;
    expect(Math.abs(withProduct[corner]! - without[corner]!)).toBeLessThanOrEqual(6);

    // The 2K download draws it again at 2048 px (the segmentation is cached, so no second model run).
    const hd = await ideaPicture(params, photo, signal, 2048);
    expect((await sharp(hd).metadata()).width).toBe(2048);
  }, 240_000);

  it('a word cut by characters never leaves "。" alone at a line start', () => {
    for (const width of [8, 10, 12, 16]) {
      const lines = wrap('Supercalifragilisticexpialidocious。好', width, 6);
      for (const line of lines) expect(line).not.toMatch(CLOSING);
    }
  });
});
