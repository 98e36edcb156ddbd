import { PLACARD_GEN, POSTER_LAYOUTS, POSTER_RATIOS, POSTER_SIZES, posterParams } from '@productimage/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPlacardEngine } from './engine.ts';
import { ASCENT, DESCENT, measure } from './fonts.ts';
import { layoutBoxes } from './layouts.ts';
import { breakLines, fitText, PRICE } from './linebreak.ts';
import { type PlacedText, placeText, pricesIn, renderPoster, shadowBox, textLayerSvg } from './render.ts';
import { TITLES_HELD_OUT, TITLES_TUNING } from './titles.test-support.ts';

const LONG_ZH =
  '这款面霜一抹化水，清透不黏腻。添加玻尿酸与积雪草精华，全天候锁水保湿，让干燥的肌肤喝饱水；敏感肌也能放心使用，温和无刺激。夏天用清爽，冬天用滋润，「一瓶搞定」四季护肤！现在下单还送同系列旅行装，数量有限，送完即止。'.repeat(
    3,
  );
const SHORT_ZH = '新品上市';
const LONG_EN =
  'Our lightweight moisturiser melts into the skin, leaving no sticky film. With hyaluronic acid and centella extract it keeps skin hydrated all day long; gentle enough for sensitive skin. Order today and get a free travel-size bottle (while stocks last). '.repeat(
    3,
  );
const SHORT_EN = 'New arrival';
const CLOSING = /^[，。、；：？！）」』】》,.;:?!)]/u;
const OPENING = /[（「『【《“(]$/u;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

describe('poster line breaking', () => {
  it('never splits an English word and keeps every word in order', () => {
    const { lines, cutWord } = breakLines(LONG_EN, 300, 30, 400);
    expect(cutWord).toBe(false);
    expect(lines.length).toBeGreaterThan(5);
    expect(words(lines.join(' '))).toEqual(words(LONG_EN));
    for (const line of lines) expect(measure(line, 30, 400)).toBeLessThanOrEqual(300);
  });

  it('never starts a line with closing punctuation nor ends one with opening punctuation', () => {
    for (const width of [180, 200, 233, 260, 301, 333, 410]) {
      const { lines } = breakLines(LONG_ZH, width, 28, 400);
      expect(lines.join('')).toBe(LONG_ZH);
      for (const line of lines) {
        expect(line).not.toMatch(CLOSING);
        expect(line).not.toMatch(OPENING);
        expect(measure(line, 28, 400)).toBeLessThanOrEqual(width);
      }
    }
  });

  it('keeps mixed Chinese and English words whole', () => {
    const text = '全新Hydra Boost面霜，限时8.5折：buy 2 get 1 free！';
    const { lines } = breakLines(text, 150, 24, 700);
    expect(lines.length).toBeGreaterThan(2);
    for (const w of ['Hydra', 'Boost', '8.5', 'buy', 'free！']) expect(lines.some((l) => l.includes(w))).toBe(true);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });

  it('never splits a price or a number from its unit, at any width (issue 30)', () => {
    const text = '限时到手价￥299，第二件5折，净含量3.5kg，库存仅剩 99 件！';
    for (const width of [170, 200, 230, 300]) {
      const { lines } = breakLines(text, width, 24, 400);
      for (const atom of ['到手价￥299', '5折', '3.5kg', '99件'])
        expect(
          lines.some((l) => l.replace(/\s/g, '').includes(atom)),
          `${atom} at ${width}`,
        ).toBe(true);
      for (const line of lines) expect(line).not.toMatch(CLOSING);
    }
  });

  it('shrinks text to fit and truncates with an ellipsis only when the smallest size cannot hold it', () => {
    const short = fitText(SHORT_ZH, 800, 200, { maxSize: 100, minSize: 30, weight: 700, lineHeight: 1.2 });
    expect(short).toMatchObject({ size: 100, lines: ['新品上市'], truncated: false });
    const long = fitText(LONG_ZH, 400, 200, { maxSize: 60, minSize: 24, weight: 400, lineHeight: 1.5 });
    expect(long.truncated).toBe(true);
    expect(long.size).toBe(24);
    expect(long.lines.at(-1)).toMatch(/…$/);
  });
});

/** Every line lies inside its box, by the measurements used to draw it. */
function expectInside(t: PlacedText) {
  for (const line of t.lines) {
    expect(line.x).toBeGreaterThanOrEqual(t.box.x - 0.5);
    expect(line.x + line.width).toBeLessThanOrEqual(t.box.x + t.box.w + 0.5);
    expect(line.baseline - ASCENT * t.size).toBeGreaterThanOrEqual(t.box.y - 0.5);
    expect(line.baseline + DESCENT * t.size).toBeLessThanOrEqual(t.box.y + t.box.h + 0.5);
  }
}

/** Renders only the text and counts inked pixels outside the text boxes. */
async function inkOutsideBoxes(width: number, height: number, texts: PlacedText[]): Promise<number> {
  const { data } = await sharp(Buffer.from(textLayerSvg(width, height, texts, '#000000')))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inside = (x: number, y: number) =>
    texts.some((t) => x >= t.box.x - 1 && x <= t.box.x + t.box.w + 1 && y >= t.box.y - 1 && y <= t.box.y + t.box.h + 1);
  let outside = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if ((data[(y * width + x) * 4 + 3] ?? 0) > 0 && !inside(x, y)) outside++;
  return outside;
}

describe('poster layouts keep text inside its boxes', () => {
  const cases = [
    ['long Chinese', LONG_ZH.slice(0, 58), LONG_ZH.slice(0, 110), LONG_ZH.slice(0, 600)],
    ['short Chinese', SHORT_ZH, '限时', '好物'],
    ['long English', LONG_EN.slice(0, 60), LONG_EN.slice(0, 120), LONG_EN.slice(0, 600)],
    ['short English', SHORT_EN, 'Fresh', 'Buy now'],
  ] as const;
  for (const [name, title, subtitle, body] of cases) {
    it(`${name}: every ratio and layout, measured and by the rendered ink`, async () => {
      for (const ratio of POSTER_RATIOS) {
        const { width, height } = POSTER_SIZES[ratio];
        for (const layout of POSTER_LAYOUTS) {
          for (const product of [true, false]) {
            const boxes = layoutBoxes(layout, width, height, product);
            const texts = [
              placeText('title', title, boxes.title, width, boxes.align),
              placeText('subtitle', subtitle, boxes.subtitle, width, boxes.align),
              placeText('body', body, boxes.body, width, boxes.align),
            ];
            for (const t of texts) {
              expectInside(t);
              expect(t.lines.length).toBeGreaterThan(0);
            }
            if (product) expect(await inkOutsideBoxes(width, height, texts)).toBe(0);
          }
        }
      }
    });
  }
});

describe('poster shadows and text (issue 30)', () => {
  it('the floor shadow never overlaps a text box, in every ratio and layout', () => {
    const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
      a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    for (const ratio of POSTER_RATIOS)
      for (const layout of POSTER_LAYOUTS) {
        const { width, height } = POSTER_SIZES[ratio];
        const boxes = layoutBoxes(layout, width, height, true);
        const p = boxes.product!;
        // A product filling its box's width (the shadow at its widest) and its height (the lowest foot).
        for (const [w, h] of [
          [p.w, Math.round(p.h * 0.6)],
          [Math.round(p.w * 0.5), p.h],
        ] as const) {
          const shadow = shadowBox(p, p.x + Math.round((p.w - w) / 2), p.y + Math.round((p.h - h) / 2) + h, w);
          for (const text of [boxes.title, boxes.subtitle, boxes.body])
            expect(overlap(shadow, text), `${ratio} ${layout}`).toBe(false);
        }
      }
  });
});

describe('placard engine', () => {
  const job = (params: unknown, inputs: Buffer[] = []) => ({
    taskId: 't',
    bizType: PLACARD_GEN,
    params: posterParams.parse(params) as unknown as Record<string, unknown>,
    inputs: inputs.map((buffer) => ({ buffer, contentType: 'image/png' })),
    signal: new AbortController().signal,
    progress: () => {},
  });

  it('draws one poster per layout at the asked ratio, with the product and the user background', async () => {
    const product = await sharp({
      create: { width: 400, height: 600, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const background = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const engine = createPlacardEngine();
    for (const ratio of POSTER_RATIOS) {
      const out = await engine.run(
        job(
          {
            title: '新品上市',
            subtitle: 'Fresh',
            body: '限时尝鲜',
            ratio,
            layouts: 2,
            product: true,
            background: { kind: 'image' },
          },
          [product, background],
        ),
      );
      expect(out).toHaveLength(2);
      for (const file of out) {
        const meta = await sharp(file.buffer).metadata();
        expect({ w: meta.width, h: meta.height, f: meta.format }).toEqual({
          w: POSTER_SIZES[ratio].width,
          h: POSTER_SIZES[ratio].height,
          f: 'png',
        });
      }
    }
    const colour = await engine.run(job({ title: 'Hello', layouts: 4, background: { kind: 'colour', colour: '#FFFDF0' } }));
    expect(colour).toHaveLength(4);
    // The corner keeps the chosen colour.
    const { data } = await sharp(colour[0]?.buffer)
      .extract({ left: 2, top: 1430, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xff, 0xfd, 0xf0]);
  });

  it('draws a 2K download again at 2048 px on the long side: one layout, the same poster with more pixels (issue 30)', async () => {
    const engine = createPlacardEngine();
    expect(engine.rendersLarger).toContain(PLACARD_GEN);
    const params = { title: '新品上市 限时到手价￥299', body: '第二件5折', ratio: '9:16', layouts: 3 };
    const [small] = (await engine.run(job(params))).slice(2);
    const hd = await engine.run({ ...job(params), render: { index: 2, longSide: 2048 } });
    expect(hd).toHaveLength(1);
    const meta = await sharp(hd[0]!.buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1152, 2048]);
    // The same layout (the third): shrunk to 1080 px wide, it matches the delivered poster closely.
    const shrunk = await sharp(hd[0]!.buffer).resize(1080, 1920).removeAlpha().raw().toBuffer();
    const delivered = await sharp(small!.buffer).removeAlpha().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < shrunk.length; i++) diff += Math.abs(shrunk[i]! - delivered[i]!);
    expect(diff / shrunk.length).toBeLessThan(6);
  });

  it('places the product cutout where the layout puts it', async () => {
    const product = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const params = posterParams.parse({
      title: 'T',
      ratio: '1:1',
      layouts: 1,
      product: true,
      background: { kind: 'colour', colour: '#FFFFFF' },
    });
    const poster = await renderPoster(params, 'classic', { product });
    const box = layoutBoxes('classic', 1080, 1080, true).product;
    if (!box) throw new Error('no product box');
    const { data } = await sharp(poster.png)
      .extract({ left: box.x + Math.round(box.w / 2), top: box.y + Math.round(box.h / 2), width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it('stops when the task is stopped', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(createPlacardEngine().run({ ...job({ title: 'x' }), signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('a poster of a long title and a price (issue 44)', () => {
  it('breaks Chinese by words, keeps prices whole and on their colour, text off the product, contrast >= 4.5', async () => {
    const { posterChecks } = await import('./poster-checks.test-support.ts');
    const { productPhoto } = await import('../local/test-fixtures.test-support.ts');
    const product = await productPhoto(600, 600);
    const params = posterParams.parse({
      title: '新款纯棉连帽卫衣 通勤百搭 到手价￥199 满299减30',
      subtitle: '加绒加厚，秋冬必备',
      layouts: 2,
      product: true,
      background: { kind: 'scene', scene: 'sunrise' },
    });
    for (const layout of ['classic', 'split'] as const) {
      const poster = await renderPoster(params, layout, { product });
      const check = posterChecks(poster, params);
      expect(check, layout).toMatchObject({ wholeWords: true, pricesWhole: true, priceStandsOut: true, textOffProduct: true });
      expect(check.minContrast, layout).toBeGreaterThanOrEqual(4.5);
      const title = poster.texts[0]!.lines.map((l) => l.text);
      expect(title.join('|'), layout).not.toMatch(/卫\|衣|百\|搭|减\|30/);
      // The product is cut out: the poster's pixels at the photo's corner are the scene, not the photo's backdrop.
      const { data, info } = await sharp(poster.png).raw().toBuffer({ resolveWithObject: true });
      const p = poster.product!;
      const i = ((p.y + 2) * info.width + p.x + 2) * info.channels;
      expect(data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200, `${layout}: photo box left`).toBe(false);
    }
  });
});

describe("a poster's product cut with the merchant's keep/drop choices (issue 44)", () => {
  it('a region beside the product kept (or a kept one dropped) changes what the poster places', async () => {
    const { corpusScene } = await import('../local/photo-corpus.test-support.ts');
    const { createRegionFinder } = await import('../local/region-finder.ts');
    // A mug with a floor lamp beside it; its choices as POST /api/upload/regions offers them.
    const photo = (await corpusScene(28)).photo;
    const found = (await createRegionFinder().run({
      taskId: 'regions',
      bizType: 'regions',
      params: {},
      inputs: [{ buffer: photo, contentType: 'image/jpeg' }],
      signal: new AbortController().signal,
      progress: () => {},
    })) as { data: { regions: Array<{ point: [number, number]; kept: boolean; share: number }> } };
    const region = [...found.data.regions].sort((a, b) => b.share - a.share)[0];
    expect(region, 'the scene offers a choice').toBeDefined();
    const base = { title: '连衣裙', layouts: 1, product: true, background: { kind: 'scene', scene: 'studio' } };
    const choice = region!.kept ? { drop: [region!.point] } : { keep: [region!.point] };
    const plain = await renderPoster(posterParams.parse(base), 'classic', { product: photo });
    const chosen = await renderPoster(posterParams.parse({ ...base, ...choice }), 'classic', { product: photo });
    const aspect = (p: typeof plain) => p.product!.w / p.product!.h;
    // The lamp beside the mug widens (kept) or narrows (dropped) what stands on the poster.
    expect(Math.abs(Math.log(aspect(chosen) / aspect(plain)))).toBeGreaterThan(0.05);
  });
});

describe('long shop titles: every line ends between words, prices whole and on their colour (issue 44)', () => {
  /**
   * Each title (split by hand into words, prices, numbers with units) laid out as the poster engine
   * lays it out: as the title, the subtitle and the body of every layout and ratio, with and without
   * a product. Answers the layouts in which a line ended inside a unit, and prices not kept whole or
   * not on a pill.
   */
  const faults = (title: string) => {
    const units = title.split('|');
    const text = units.join('');
    const bounds = new Set<number>();
    let at = 0;
    for (const unit of units) {
      at += unit.length;
      bounds.add(at);
    }
    const prices = [...text.matchAll(PRICE)].map((m) => m[0]);
    const found: string[] = [];
    for (const ratio of POSTER_RATIOS)
      for (const layout of POSTER_LAYOUTS)
        for (const product of [true, false]) {
          const { width, height } = POSTER_SIZES[ratio];
          const boxes = layoutBoxes(layout, width, height, product);
          for (const role of ['title', 'subtitle', 'body'] as const) {
            const placed = placeText(role, text, boxes[role], width, boxes.align);
            if (placed.truncated) continue;
            const lines = placed.lines.map((l) => l.text.replace(/\s/g, ''));
            let offset = 0;
            for (const line of lines.slice(0, -1)) {
              offset += line.length;
              if (!bounds.has(offset)) found.push(`${ratio} ${layout} ${role}: ${lines.join(' / ')}`);
            }
            const pills = pricesIn([placed]).map((p) => p.text);
            for (const price of prices)
              if (!lines.some((l) => l.includes(price)) || !pills.includes(price))
                found.push(`${ratio} ${layout} ${role}: ${price} not whole on its pill`);
          }
        }
    return found;
  };

  it.each(TITLES_TUNING)('tuning: %s', (title) => {
    expect(faults(title)).toEqual([]);
  });

  it.each(TITLES_HELD_OUT)('held out: %s', (title) => {
    expect(faults(title)).toEqual([]);
  });
});
