/** The platforms KOS accounts and monitored posts live on. */
export const KOS_PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'wechat'] as const;
export type KosPlatform = (typeof KOS_PLATFORMS)[number];

const PLATFORM_NAMES: Record<string, KosPlatform> = {
  douyin: 'douyin',
  抖音: 'douyin',
  xiaohongshu: 'xiaohongshu',
  redbook: 'xiaohongshu',
  小红书: 'xiaohongshu',
  weibo: 'weibo',
  微博: 'weibo',
  wechat: 'wechat',
  微信: 'wechat',
  公众号: 'wechat',
  视频号: 'wechat',
};

/** A platform named in a table cell ("抖音", "redbook", "Weibo" ...); null when it is none of ours. */
export function kosPlatformOf(text: string): KosPlatform | null {
  const name = text.trim().toLowerCase();
  return Object.hasOwn(PLATFORM_NAMES, name) ? (PLATFORM_NAMES[name] ?? null) : null;
}

/** YYYY/MM/DD from YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD (a time after it is ignored); null if not a real date. */
export function kosDayOf(text: string): string | null {
  const m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:$|[ T])/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}/${String(mo).padStart(2, '0')}/${String(d).padStart(2, '0')}`;
}

/** "1.2万", "3,400", "5k" and plain numbers as a count; an empty cell is 0; null when the text is not a count. */
export function kosCountOf(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!t) return 0;
  const m = /^(\d+(?:\.\d+)?)\s*(万|w|k|千)?$/i.exec(t);
  if (!m) return null;
  const factor = { 万: 10_000, w: 10_000, k: 1000, 千: 1000 }[(m[2] ?? '').toLowerCase() as '万'] ?? 1;
  return Math.round(Number(m[1]) * factor);
}
