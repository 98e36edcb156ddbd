/**
 * A heat figure as people read it: 1200000 -> 120万 (zh) / 1.2M (en), 350000000 -> 3.5亿 / 350M.
 * Figures that are not plain numbers ("120万", "爆") are shown as they came.
 */
export function formatHeat(hot: string | null | undefined, language: string): string {
  if (!hot) return '';
  const value = hot.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  const n = Number(value);
  const short = (x: number) => String(Math.round(x * 10) / 10);
  if (language.startsWith('zh')) {
    if (n >= 1e8) return `${short(n / 1e8)}亿`;
    if (n >= 1e4) return `${short(n / 1e4)}万`;
    return String(n);
  }
  if (n >= 1e9) return `${short(n / 1e9)}B`;
  if (n >= 1e6) return `${short(n / 1e6)}M`;
  if (n >= 1e3) return `${short(n / 1e3)}K`;
  return String(n);
}
