import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { ApiApp } from '../http/api-app.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf, pageOf } from '../http/envelope-schema.ts';
import { listPage, pagingQuery } from '../http/paging.ts';
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

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

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
      let base = ctx.db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .where('audit_log.tenant_id', '=', member.tenantId);
      if (request.query.action) base = base.where('audit_log.action', 'like', `${request.query.action.replace(/[%_]/g, '')}%`);
      const { rows, total } = await listPage(base, request.query, (qb) =>
        qb
          .select([
            'audit_log.id',
            'audit_log.actor_id',
            'audit_log.action',
            'audit_log.target',
            'audit_log.detail',
            'audit_log.created_at',
            'users.user_name',
            'users.phone',
          ])
          .orderBy('audit_log.created_at', 'desc')
          .orderBy('audit_log.id', 'desc'),
      );
      return ok({
        list: rows.map((r) => ({
          id: String(r.id),
          actorId: r.actor_id,
          actorName: r.user_name || r.phone || r.actor_id,
          action: r.action,
          target: r.target,
          detail: parseDetail(r.detail),
          createdAt: Number(r.created_at),
        })),
        total,
      });
    },
  );
}
