import { CALENDAR_TYPES } from '@productimage/core';
import { z } from 'zod';

/** One day of the marketing calendar with its festivals, solar terms, holidays and platform nodes. */
export const calendarDaySchema = z
  .object({
    day: z.string(),
    entries: z.array(
      z.object({
        name: z.string(),
        type: z.enum(CALENDAR_TYPES),
        holiday: z.enum(['off', 'work']).optional(),
        desc: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'CalendarDay' });
