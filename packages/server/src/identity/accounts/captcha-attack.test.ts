import svgCaptcha from 'svg-captcha';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { newIp, newPhone, solveChallengeFor } from './accounts.test-support.ts';

/**
 * Issue 9 item 2, the attack as it was run: svg-captcha draws every character with a fixed
 * sequence of path commands, so a script that learned the sequences from a few hundred captchas it
 * made itself reads any SVG captcha without looking at it. The server now sends pixels only.
 */

/** The command letters of a path (`M`, `Q`, `L`...): the same for every drawing of one character. */
const shapeOf = (d: string) => d.replace(/[^A-Za-z]/g, '');

/** The script's dictionary: shape of a character's path -> the character. */
function learnShapes(samples = 400): Map<string, string> {
  const shapes = new Map<string, string>();
  for (let i = 0; i < samples; i++) {
    const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 120, height: 40 });
    const glyphs = readGlyphs(c.data);
    if (glyphs.length !== c.text.length) continue;
    for (const [k, g] of glyphs.entries()) shapes.set(g.shape, (c.text[k] as string).toLowerCase());
  }
  return shapes;
}

/** Character paths (filled, unlike the stroked noise lines), left to right. */
function readGlyphs(svg: string) {
  return [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)]
    .map((m) => ({ shape: shapeOf(m[1] as string), x: Number.parseFloat((m[1] as string).slice(1)) }))
    .sort((a, b) => a.x - b.x);
}

/** The solver: null when the answer holds no readable SVG paths. */
function solve(body: string, shapes: Map<string, string>): string | null {
  const glyphs = readGlyphs(body);
  if (glyphs.length === 0) return null;
  const text = glyphs.map((g) => shapes.get(g.shape) ?? '?').join('');
  return text.includes('?') ? null : text;
}

describeSqlite('captcha: the svg-path attack', (kind) => {
  let h: Harness;
  const shapes = learnShapes();
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('the solver reads svg-captcha images (so the attack is real)', () => {
    let solved = 0;
    for (let i = 0; i < 40; i++) {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', width: 120, height: 40 });
      if (solve(c.data, shapes) === c.text.toLowerCase()) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(36);
  });

  it("reads none of the server's captchas, and no guess it makes opens a code send", async () => {
    let read = 0;
    for (let i = 0; i < 20; i++) {
      const phone = newPhone();
      const ip = newIp();
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/auth/captcha?mobileId=${phone}`,
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.headers['content-type']).toMatch(/^image\/png/);
      const guess = solve(res.rawPayload.toString('latin1'), shapes);
      if (guess === null) continue;
      read++;
      const verified = await h.call({
        method: 'POST',
        url: '/api/auth/captcha/verify',
        payload: { mobileId: phone, code: guess, altcha: await solveChallengeFor(h) },
        headers: { 'x-forwarded-for': ip },
      });
      expect(verified.data).toBe(false);
    }
    expect(read).toBe(0);
  });
});
