import { LEAD_TYPES, leadSchema } from '@productimage/core';
import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { listLeads, submitLead } from './service.ts';

/** Anonymous lead submissions per IP per hour. */
const LEAD_LIMIT: [number, number] = [10, 3600];

const leadsQuery = pagingQuery(20).extend({ type: z.enum(LEAD_TYPES).optional() });

/** Lead and consultant forms (API.md) and the operators' list. */
export async function leadsRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/leads',
    {
      schema: {
        tags: ['leads'],
        summary: 'Submits a lead or consultant form (anonymous allowed; rules of core validation/leads.ts)',
        body: leadSchema,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      await enforce(ctx.db, `leads:${request.ip}`, ...LEAD_LIMIT);
      const id = await submitLead(ctx, request.body, {
        user: request.user,
        ip: request.ip,
        host: request.headers.host ?? null,
        lang: requestLanguage(request),
      });
      return ok({ id });
    },
  );

  app.get(
    '/operator/leads',
    {
      schema: {
        tags: ['operator'],
        summary: "The tenant's leads, newest first",
        security: [{ bearer: [] }],
        querystring: leadsQuery,
        response: {
          200: envelopeOf(
            pageOf(
              z
                .object({
                  id: z.string(),
                  type: z.string(),
                  name: z.string(),
                  companyName: z.string(),
                  phone: z.string(),
                  address: z.string(),
                  email: z.string(),
                  description: z.string(),
                  webSource: z.string(),
                  referrer: z.string().nullable(),
                  userId: z.string().nullable(),
                  createdAt: z.number(),
                })
                .meta({ id: 'Lead' }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok(await listLeads(ctx, operator.tenantId, request.query));
    },
  );
}
