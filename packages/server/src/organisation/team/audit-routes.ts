import { z } from 'zod';
import { userDisplayNames } from '../../identity/accounts/users.ts';
import { listAuditLog } from '../../platform/audit-log/list.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { requireTeamPermission } from './roles.ts';

const auditQuery = pagingQuery(20).extend({
  action: z.string().max(60).optional(),
});

const auditItem = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
});

/** The tenant's audit log, newest first: owners and admins (and console operators of the tenant). */
export async function auditLogRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/team/audit-log',
    {
      schema: {
        tags: ['team'],
        summary: "The tenant's audit log of management actions, newest first (owners and admins)",
        security: [{ bearer: [] }],
        querystring: auditQuery,
        response: { 200: envelopeOf(pageOf(auditItem)) },
      },
    },
    async (request) => {
      const member = await requireTeamPermission(ctx, request, 'viewAuditLog');
      return ok(await listAuditLog(ctx.db, member.tenantId, request.query, (ids) => userDisplayNames(ctx.db, ids)));
    },
  );
}
