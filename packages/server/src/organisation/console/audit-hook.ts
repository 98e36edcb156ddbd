import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Operator routes that other domains own (refunds, products, enterprise plans, broadcasts, points
 * adjustments...) write their audit row here: every successful change through one of these paths is
 * recorded after it answered (who, method and route, the parameters; bodies without free text longer
 * than 200 characters). The console's own routes record inside their transactions instead.
 */
const AUDITED = [
  /^\/api\/operator\//,
  /^\/api\/points\/admin\//,
  /^\/api\/membership\/admin\//,
  /^\/api\/orders\/[^/]+\/refund$/,
];

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 20).map(trimmed);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !/password|secret|token/i.test(k))
        .map(([k, v]) => [k, trimmed(v)]),
    );
  return value;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Must run before the audited routes are added (app.ts, ahead of the domains): the hook goes on the
 * routes that change something (a method other than GET, HEAD, OPTIONS) only, as a route hook. It
 * returned at once for every read anyway; on every route it cost each read a second onResponse hook
 * dispatch (issue 48: GET /api/user/current).
 */
export function installOperatorAudit(app: FastifyInstance, ctx: AppContext) {
  const audit: onResponseHookHandler = (request, reply, done) => {
    if (READS.has(request.method)) return done();
    if (reply.statusCode >= 300 || !request.user) return done();
    const url = request.url.split('?')[0] ?? '';
    if (!AUDITED.some((re) => re.test(url))) return done();
    recordAudit(ctx.db, {
      tenantId: request.user.tenantId,
      actorId: request.user.id,
      action: `console ${request.method} ${request.routeOptions.url ?? url}`,
      target: url,
      detail: { params: trimmed(request.params), body: trimmed(request.body) },
    })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit row not written'))
      .finally(() => done());
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READS.has(m))) return;
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), audit] : [audit];
  });
}
