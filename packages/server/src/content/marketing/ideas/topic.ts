import type { Language } from '@productimage/core';
import { savedPlatformNodes } from '../../../organisation/console/platform-nodes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { getHotItem } from '../../hot-library/service.ts';
import { calendarMonth } from '../calendar/calendar.ts';
import { findHotspot } from '../hotspots/service.ts';

/** What a report's topic is chosen from (the report form's fields; one is set, else the custom idea). */
export interface TopicInput {
  hotspotId?: string;
  hotLibraryId?: string;
  calendarDay?: string;
  reportTitle?: string;
  prompt: string;
}

/** The topic of a report: the hotspot, the hot-library item, the calendar day's entries or the custom idea. */
export async function resolveTopic(ctx: AppContext, user: { id: string; tenantId: string }, input: TopicInput, lang: Language) {
  if (input.hotspotId) {
    const hot = await findHotspot(ctx, user.id, input.hotspotId);
    return { topic: hot.title, topicDesc: hot.desc ?? undefined };
  }
  if (input.hotLibraryId) {
    const id = Number(input.hotLibraryId);
    if (!Number.isSafeInteger(id)) throw new AppError('notFound');
    const item = await getHotItem(ctx, user, id);
    return { topic: item.title.slice(0, 400), topicDesc: item.content.slice(0, 4000) || undefined };
  }
  if (input.calendarDay) {
    const [y, m] = input.calendarDay.split('/').map(Number);
    const day = calendarMonth({
      year: y ?? 0,
      month: m ?? 0,
      lang,
      showActivityDesc: true,
      nodes: await savedPlatformNodes(ctx.db),
    }).find((d) => d.day === input.calendarDay);
    if (!day) throw new AppError('badRequest', {}, { field: 'calendarDay' });
    return {
      topic: `${input.calendarDay} ${day.entries.map((e) => e.name).join(' / ')}`,
      topicDesc: day.entries
        .map((e) => e.desc)
        .filter(Boolean)
        .join(' '),
    };
  }
  const custom = input.reportTitle?.trim() || input.prompt.trim().split(/[。！？!?.\n]/)[0] || input.prompt.trim();
  return { topic: custom.slice(0, 100), topicDesc: undefined };
}
