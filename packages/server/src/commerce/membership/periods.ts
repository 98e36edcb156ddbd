/**
 * Calendar arithmetic of packages: a package of N months starts at start_at and has N periods,
 * period k running from addMonths(start, k) to addMonths(start, k + 1). Months are counted in
 * China Standard Time (UTC+8, no daylight saving) so that a package bought on the 31st ends on the
 * last day of a shorter month, as merchants read it on their calendar.
 */
const OFFSET = 8 * 3600 * 1000;

export function addMonths(at: number, months: number): number {
  const d = new Date(at + OFFSET);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime() - OFFSET;
}

export interface PeriodSpan {
  start_at: number;
  end_at: number;
  months: number;
}

/** The period running at `now` (0-based), or -1 before the start / after the end. */
export function periodIndexAt(sub: PeriodSpan, now: number): number {
  if (now < sub.start_at || now >= sub.end_at) return -1;
  for (let k = sub.months - 1; k >= 0; k--) if (addMonths(sub.start_at, k) <= now) return k;
  return 0;
}

export function periodStart(sub: PeriodSpan, k: number): number {
  return addMonths(sub.start_at, k);
}

export function periodEnd(sub: PeriodSpan, k: number): number {
  return Math.min(addMonths(sub.start_at, k + 1), sub.end_at);
}
