import { type IdeaPictureParams, MKT_IDEA_PICTURE } from '@productimage/core';
import sharp from 'sharp';
import { tokenize } from '../../../engines/poster/linebreak.ts';
import { checkAborted, type Engine, type EngineOutput } from '../../../engines/types.ts';

/**
 * `poster`: a local picture engine for ideas. It lays the idea's title and text out over a colour
 * background (one of a few palettes, picked by the title so a re-run looks the same) as SVG and
 * renders it with sharp; a real engine, not a generated image. A configured image API can do more.
 */
const SIZE = 1024;
const PALETTES = [
  ['#2352d8', '#6a8cf0', '#ffffff'],
  ['#f5a623', '#f8d06b', '#2b2b2b'],
  ['#16a085', '#7fd1b9', '#ffffff'],
  ['#c0392b', '#ef8a7e', '#ffffff'],
  ['#2c3e50', '#5d7a99', '#ffffff'],
];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const units = (s: string) => [...s].reduce((n, ch) => n + (/[\u2E80-\uFFFF]/.test(ch) ? 2 : 1), 0);

/**
 * Breaks text into lines of at most `width` units (a CJK character counts 2, others 1) with the
 * posters' rules (engines/poster/linebreak.ts): words, prices and numbers with their units are never
 * split, closing punctuation never starts a line; text beyond `maxLines` ends the last line with "…".
 */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokenize(text.replace(/\s+/g, ' ').trim())) {
    const candidate = line ? `${line}${token.space ? ' ' : ''}${token.text}` : token.text;
    if (units(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // Only a token wider than a whole line is cut, by characters.
    for (const ch of token.text) {
      if (line && units(line + ch) > width) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const chars = [...(kept[maxLines - 1] as string)];
  while (chars.length && units(`${chars.join('')}…`) > width) chars.pop();
  // The ellipsis replaces a trailing comma or stop rather than following it.
  while (chars.length && /[，。、；：,.;:!?！？\s]/u.test(chars[chars.length - 1]!)) chars.pop();
  kept[maxLines - 1] = `${chars.join('')}…`;
  return kept;
}

export function posterSvg(p: IdeaPictureParams): string {
  const hash = [...p.title].reduce((h, c) => (h * 31 + (c.codePointAt(0) ?? 0)) >>> 0, 7);
  const [from, to, ink] = PALETTES[hash % PALETTES.length] as [string, string, string];
  const title = wrap(p.title, 16, 3);
  const body = wrap(p.content, 30, 9);
  const titleTspans = title.map((l, i) => `<tspan x="96" dy="${i ? 92 : 0}">${escapeXml(l)}</tspan>`).join('');
  const bodyTspans = body.map((l, i) => `<tspan x="96" dy="${i ? 52 : 0}">${escapeXml(l)}</tspan>`).join('');
  const bodyTop = 260 + title.length * 92 + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${SIZE - 140}" cy="150" r="220" fill="${ink}" opacity="0.08"/>
  <circle cx="120" cy="${SIZE - 90}" r="160" fill="${ink}" opacity="0.06"/>
  <rect x="96" y="150" width="96" height="10" rx="5" fill="${ink}" opacity="0.8"/>
  <text x="96" y="260" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-size="76" font-weight="700" fill="${ink}">${titleTspans}</text>
  <text x="96" y="${bodyTop}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-size="36" fill="${ink}" opacity="0.92">${bodyTspans}</text>
</svg>`;
}

/** The poster as a PNG (also the automatic picture of each content result, content/task-engines.ts). */
export async function posterPng(p: IdeaPictureParams): Promise<Buffer> {
  return sharp(Buffer.from(posterSvg(p)))
    .png()
    .toBuffer();
}

export function createPosterEngine(): Engine<EngineOutput[]> {
  return {
    name: 'poster',
    bizTypes: [MKT_IDEA_PICTURE],
    async run(job) {
      checkAborted(job.signal);
      const png = await posterPng(job.params as IdeaPictureParams);
      job.progress(90);
      checkAborted(job.signal);
      return [{ buffer: png, contentType: 'image/png', type: 'image', ext: 'png' }];
    },
  };
}
