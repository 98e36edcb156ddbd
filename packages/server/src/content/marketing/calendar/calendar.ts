/// <reference path="./lunar-javascript.d.ts" />
import { CALENDAR_TYPES, type CalendarDay, type CalendarEntry, type CalendarType, type Language } from '@productimage/core';
import { HolidayUtil, Lunar, Solar } from 'lunar-javascript';
import { nameIn } from './names-en.ts';
import { PLATFORM_NODES, type PlatformNode } from './platform-nodes.ts';

const pad = (n: number) => String(n).padStart(2, '0');
export const formatDay = (y: number, m: number, d: number) => `${y}/${pad(m)}/${pad(d)}`;

/** Gregorian dates (YYYY/MM/DD) of the platform nodes that fall in this year. */
function nodesOfYear(year: number, lang: Language, list: PlatformNode[]): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const node of list) {
    // A lunar node can fall in this Gregorian year from this or the previous lunar year (腊月).
    const candidates = node.lunar
      ? [year - 1, year].map((ly) => Lunar.fromYmd(ly, node.month, node.day).getSolar().toYmd())
      : [`${year}-${pad(node.month)}-${pad(node.day)}`];
    for (const ymd of candidates) {
      if (!ymd.startsWith(`${year}-`)) continue;
      const day = ymd.replaceAll('-', '/');
      const list = byDay.get(day) ?? [];
      list.push({ name: lang === 'en' ? node.nameEn : node.name, type: 'platform_node', desc: node.desc[lang] });
      byDay.set(day, list);
    }
  }
  return byDay;
}

export interface CalendarQuery {
  year: number;
  month: number;
  types?: CalendarType[];
  showActivityDesc?: boolean;
  lang: Language;
  /** The platform nodes operators saved in the console (console/platform-nodes.ts); none: the built-in list. */
  nodes?: PlatformNode[] | null;
}

/**
 * One month of the marketing calendar, computed: Gregorian and lunar festivals and the 24 solar
 * terms from lunar-javascript, statutory holidays and make-up workdays from its holiday table,
 * platform nodes from ours. Only days with entries are listed.
 */
export function calendarMonth(q: CalendarQuery): CalendarDay[] {
  const types = new Set<CalendarType>(q.types?.length ? q.types : CALENDAR_TYPES);
  const nodes = nodesOfYear(q.year, q.lang, q.nodes ?? PLATFORM_NODES);
  const days: CalendarDay[] = [];
  const last = new Date(Date.UTC(q.year, q.month, 0)).getUTCDate();
  for (let d = 1; d <= last; d++) {
    const solar = Solar.fromYmd(q.year, q.month, d);
    const lunar = solar.getLunar();
    const day = formatDay(q.year, q.month, d);
    const entries: CalendarEntry[] = [];
    const holiday = HolidayUtil.getHoliday(q.year, q.month, d);
    if (types.has('festival')) {
      const names = [...solar.getFestivals(), ...lunar.getFestivals()];
      for (const name of names) entries.push({ name, type: 'festival' });
      if (holiday) {
        const kind = holiday.isWork() ? 'work' : 'off';
        const same = entries.find((e) => holiday.getName().startsWith(e.name.replace(/节$/, '')));
        if (same && kind === 'off') same.holiday = 'off';
        else entries.push({ name: holiday.getName(), type: 'festival', holiday: kind });
      }
    }
    const term = lunar.getJieQi();
    if (types.has('solar_term') && term) entries.push({ name: term, type: 'solar_term' });
    if (types.has('platform_node')) entries.push(...(nodes.get(day) ?? []));
    for (const e of entries) {
      if (e.type !== 'platform_node') e.name = nameIn(q.lang, e.name);
      if (!q.showActivityDesc) delete e.desc;
    }
    if (entries.length) days.push({ day, entries });
  }
  return days;
}
