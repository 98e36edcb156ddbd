import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { bindBaseUser, findBinding, listBindings, unbindBaseUser } from './bindings.ts';

/** A Base user as the SDK's bridge names it (getTenantKey, getBaseUserId). */
const baseUser = z.object({
  tenantKey: z.string().trim().min(1).max(128),
  baseUserId: z.string().trim().min(1).max(128),
});

/** The `auth` Base extension's binding of a Base user to the logged-in account. */
export async function feishuPluginsRoutes(app: ApiApp, ctx: AppContext) {
  app.put(
    '/feishu/binding',
    {
      schema: {
        tags: ['feishu-plugins'],
        summary: 'Binds a Feishu/Lark Base user to the logged-in account (moves an earlier binding)',
        security: [{ bearer: [] }],
        body: baseUser,
        response: { 200: envelopeOf(z.object({ boundAt: z.number() })) },
      },
    },
    async (request) => ok(await bindBaseUser(ctx.db, requireUser(request), request.body)),
  );

  app.get(
    '/feishu/binding',
    {
      schema: {
        tags: ['feishu-plugins'],
        summary: "The Base user's binding when it is to the logged-in account, else null",
        security: [{ bearer: [] }],
        querystring: baseUser,
        response: { 200: envelopeOf(z.object({ boundAt: z.number() }).nullable()) },
      },
    },
    async (request) => ok(await findBinding(ctx.db, requireUser(request), request.query)),
  );

  app.delete(
    '/feishu/binding',
    {
      schema: {
        tags: ['feishu-plugins'],
        summary: "Removes the Base user's binding to the logged-in account",
        security: [{ bearer: [] }],
        querystring: baseUser,
        response: { 200: envelopeOf(z.object({ removed: z.boolean() })) },
      },
    },
    async (request) => ok({ removed: await unbindBaseUser(ctx.db, requireUser(request), request.query) }),
  );

  app.get(
    '/feishu/bindings',
    {
      schema: {
        tags: ['feishu-plugins'],
        summary: 'Every Base user bound to the logged-in account',
        security: [{ bearer: [] }],
        response: {
          200: envelopeOf(z.array(z.object({ tenantKey: z.string(), baseUserId: z.string(), boundAt: z.number() }))),
        },
      },
    },
    async (request) => ok(await listBindings(ctx.db, requireUser(request))),
  );
}
