import type { TenantFlags } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { resolveFlags } from './flags.ts';
import { featureFlagsSchema, referrerIdSchema } from './store.ts';

export const tenantFlagsSchema = featureFlagsSchema.extend({
  tenantId: z.string(),
  tenantName: z.string(),
  referrer: z.string().nullable(),
  allowedOrigins: z.array(z.string()),
  customizedImage: z.boolean(),
  vipUser: z.boolean(),
  isChatAllow: z.boolean(),
  loggedIn: z.boolean(),
}) satisfies z.ZodType<TenantFlags>;

/** What the flags answer needs from other domains, given by the composition root (routes.ts). */
export interface TenantGates {
  /** Whether the user holds a paid membership (the membership domain answers). */
  vipUser(userId: string): Promise<boolean>;
}

/** Tenant flags (anyone). The operators' invite-code lookup is admin's (admin/invite-code-routes.ts). */
export async function tenantsRoutes(app: ApiApp, ctx: AppContext, gates: TenantGates) {
  app.get(
    '/tenants/flags',
    {
      schema: {
        tags: ['tenants'],
        summary: "The shell's feature flags: tenant (the logged-in user's own wins) + referrer + global flags + the user's gates",
        querystring: z.object({
          referrer: referrerIdSchema.optional(),
          host: z.string().trim().max(255).optional(),
          channel: z.string().max(64).optional(),
          lang: z.string().max(10).optional(),
        }),
        response: { 200: envelopeOf(tenantFlagsSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { flags } = await resolveFlags(ctx, {
        user: request.user,
        vipUser: request.user ? await gates.vipUser(request.user.id) : false,
        referrer: query.referrer || null,
        host: query.host || request.headers.host || null,
        language: requestLanguage(request),
      });
      return ok(flags);
    },
  );
}
