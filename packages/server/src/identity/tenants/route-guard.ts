import { hiddenRouteOfApiCall, isBizTypeHidden } from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { getTenantOrDefault, keptTenantOrDefault, type Tenant } from './store.ts';

/**
 * Hidden means hidden (issue 47): the calls behind a route the caller's tenant hides answer 403
 * `forbidden` (the /403 page's "you do not have permission"), whatever client sends them. The
 * tenant is the logged-in user's own (as for the flags call); anonymous calls to these paths are
 * refused by their routes' login check anyway. Registered after the auth hook, so `request.user`
 * is known; the tenant comes from the tenant cache (no query per request).
 */
export function installHiddenRouteGuard(app: FastifyInstance, ctx: AppContext) {
  const refusal = (tenant: Tenant, url: string) => {
    // Most tenants hide nothing: no flags object and no URL parsing for them (every request).
    if (!tenant.flags.hiddenRoutes?.length) return undefined;
    const flags = { hiddenRoutes: tenant.flags.hiddenRoutes ?? [], menuSet: tenant.flags.menuSet ?? 'default' };
    const route = hiddenRouteOfApiCall(flags, url);
    return route ? new AppError('forbidden', {}, { route }) : undefined;
  };
  // A callback hook: with the tenant kept (nearly always) it goes on at once, without a promise
  // (it runs on every signed-in request, GET /api/user/current included: issue 48).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.user || !request.url.startsWith('/api/')) return done();
    const url = request.url;
    const kept = keptTenantOrDefault(ctx.db, request.user.tenantId);
    if (kept) return done(refusal(kept, url));
    getTenantOrDefault(ctx.db, request.user.tenantId).then(
      (tenant) => done(refusal(tenant, url)),
      (error: Error) => done(error),
    );
  });
}

/** Refuses a picture task whose every tool page the user's tenant hides (task platform, open API, batches). */
export async function assertBizTypeOpen(db: Db, tenantId: string, bizType: string): Promise<void> {
  const tenant = await getTenantOrDefault(db, tenantId);
  const flags = { hiddenRoutes: tenant.flags.hiddenRoutes ?? [], menuSet: tenant.flags.menuSet ?? 'default' };
  if (isBizTypeHidden(flags, bizType)) throw new AppError('forbidden', {}, { bizType });
}
