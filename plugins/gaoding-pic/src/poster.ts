import { PRIMARY_COLOR } from '@productimage/core';
import { type PosterLayout, wrapText } from './pictures.ts';

const SIZE = { width: 1080, height: 1440 } as const;
const LAYOUTS: Record<PosterLayout, { bg: string; fg: string; accent: string; card: boolean }> = {
  classic: { bg: '#ffffff', fg: '#1f2329', accent: PRIMARY_COLOR, card: false },
  card: { bg: '#eef2fd', fg: '#1f2329', accent: PRIMARY_COLOR, card: true },
  bold: { bg: PRIMARY_COLOR, fg: '#ffffff', accent: '#ffd24d', card: false },
};

/** Draws a 3:4 poster (the Xiaohongshu cover ratio) from a title and a text, as a PNG file. */
export async function renderPoster(title: string, text: string, layout: PosterLayout): Promise<File> {
  const style = LAYOUTS[layout];
  const canvas = document.createElement('canvas');
  canvas.width = SIZE.width;
  canvas.height = SIZE.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.fillStyle = style.bg;
  ctx.fillRect(0, 0, SIZE.width, SIZE.height);
  const margin = 96;
  if (style.card) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(margin / 2, margin / 2, SIZE.width - margin, SIZE.height - margin);
  }
  ctx.fillStyle = style.accent;
  ctx.fillRect(margin, margin + 8, 120, 14);
  const font = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
  let y = margin + 100;
  ctx.fillStyle = style.fg;
  ctx.textBaseline = 'top';
  ctx.font = `bold 76px ${font}`;
  for (const line of wrapText(title, SIZE.width - margin * 2, (s) => ctx.measureText(s).width).slice(0, 4)) {
    ctx.fillText(line, margin, y);
    y += 96;
  }
  y += 40;
  ctx.font = `40px ${font}`;
  const maxLines = Math.floor((SIZE.height - margin - y) / 60);
  const lines = wrapText(text, SIZE.width - margin * 2, (s) => ctx.measureText(s).width);
  for (const [i, line] of lines.slice(0, maxLines).entries()) {
    ctx.fillText(i === maxLines - 1 && lines.length > maxLines ? `${line.slice(0, -1)}…` : line, margin, y);
    y += 60;
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the poster could not be drawn');
  return new File([blob], `poster-${Date.now()}.png`, { type: 'image/png' });
}
