import { CALENDAR_TYPES } from '@productimage/core';
import { z } from 'zod';
import { savedPlatformNodes } from '../../../organisation/console/platform-nodes.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf } from '../../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../../platform/http/i18n.ts';
import { calendarMonth } from './calendar.ts';
import { calendarDaySchema } from './schemas.ts';

const calendarQuery = z.object({
  year: z.coerce.number().int().min(1901).max(2099),
  month: z.coerce.number().int().min(1).max(12),
  calendarMarketingTypes: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : []))
    .pipe(z.array(z.enum(CALENDAR_TYPES))),
  showActivityDesc: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** GET /marketing/calendar: a month of festivals, solar terms, holidays and the operators' platform nodes. */
export async function calendarRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/marketing/calendar',
    {
      schema: {
        tags: ['marketing'],
        security: [{ bearer: [] }],
        summary: 'One month of the marketing calendar: festivals, solar terms, holidays, platform nodes',
        querystring: calendarQuery,
        response: { 200: envelopeOf(z.array(calendarDaySchema)) },
      },
    },
    async (request) => {
      requireUser(request);
      const q = request.query;
      return ok(
        calendarMonth({
          year: q.year,
          month: q.month,
          types: q.calendarMarketingTypes,
          showActivityDesc: q.showActivityDesc,
          lang: requestLanguage(request),
          nodes: await savedPlatformNodes(ctx.db),
        }),
      );
    },
  );
}
