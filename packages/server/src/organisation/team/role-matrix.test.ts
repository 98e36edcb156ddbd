import fs from 'node:fs';
import path from 'node:path';
import { TEAM_ROLES, type TeamRole, teamRoleCan } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_SELF_SERVICE } from '../../content/review/management-routes.test-support.ts';
import { createSession } from '../../identity/accounts/sessions.ts';
import { createUser } from '../../identity/accounts/users.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import type { ManagementFixture, ManagementRoute } from './management-routes.test-support.ts';
import { putRole } from './members.ts';

/**
 * Every management route (each domain's `management-routes.test-support.ts` lists its own) x every role of the
 * tenant x an owner of another tenant x anonymous. Roles the core TEAM_PERMISSIONS table allows get
 * a 200 (or the route's allowedStatus); the other roles a 403; an owner of another tenant never
 * reaches this tenant's rows. Review routes on a member's OWN items are self-service
 * (content/review/management-routes.test-support.ts REVIEW_SELF_SERVICE; the review tests cover who may touch them).
 */
async function managementRoutes(): Promise<ManagementRoute[]> {
  const src = path.resolve(import.meta.dirname, '../..');
  const found: ManagementRoute[] = [];
  // <context>/<domain>/management-routes.test-support.ts
  for (const dir of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(dir) !== 'management-routes.test-support.ts') continue;
    const file = path.join(src, dir);
    const mod = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (Array.isArray(value) && value.every((r) => r && typeof r === 'object' && 'permission' in r && 'route' in r))
        found.push(...(value as ManagementRoute[]));
    }
  }
  return found;
}

/** Self-service routes under the management tags: any logged-in user acts for themselves. */
const SELF_SERVICE = new Set(['POST /api/team/invitations/accept', ...REVIEW_SELF_SERVICE]);
const MANAGEMENT_TAGS = new Set(['team', 'kos', 'review', 'insights', 'insight']);

let h: Harness;
let routes: ManagementRoute[];
const A = 'matrix-a';
const B = 'matrix-b';
let fx: ManagementFixture;
let otherOwner: { authorization: string };
const tenantAUsers = new Set<string>();

async function actor(tenantId: string, role: TeamRole) {
  const id = await createUser(h.ctx.db, { phone: `16${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, tenantId });
  if (role !== 'member') await putRole(h.ctx.db, tenantId, id, role);
  if (tenantId === A) tenantAUsers.add(id);
  const { accessToken } = await createSession(h.ctx.db, id, 3600);
  return { id, auth: { authorization: `Bearer ${accessToken}` } };
}

beforeAll(async () => {
  h = await createHarness('sqlite');
  const now = Date.now();
  for (const id of [A, B])
    await h.ctx.db
      .insertInto('tenants')
      .values({
        id,
        name: `Tenant ${id}`,
        name_en: id,
        flags: JSON.stringify({ menuSet: 'enterprise' }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  const owner = await actor(A, 'owner');
  fx = { ctx: h.ctx, tenantId: A, ownerId: owner.id };
  otherOwner = (await actor(B, 'owner')).auth;
  routes = await managementRoutes();
});
afterAll(() => h.close());

describe('role matrix', () => {
  it('lists every management route the server publishes', async () => {
    const doc = (await h.call({ method: 'GET', url: '/api/openapi.json' })).raw;
    const paths = JSON.parse(doc).paths as Record<string, Record<string, { tags?: string[] }>>;
    const listed = new Set(routes.map((r) => `${r.method} ${r.route.replace(/:(\w+)/g, '{$1}')}`));
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${p}`;
        if (!op.tags?.some((t) => MANAGEMENT_TAGS.has(t)) || SELF_SERVICE.has(key)) continue;
        if (method === 'get' && !p.startsWith('/api/team/')) continue; // reads of KOS data are open to every member
        if (p === '/api/team/me' || p.startsWith('/api/team/invitations/p')) continue;
        if (!listed.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(13);
  });

  it('answers 401 to anonymous callers on every management route', async () => {
    for (const route of routes) {
      const { url, body } = await route.request(fx);
      const res = await h.call({ method: route.method, url, ...(body !== undefined ? { payload: body as object } : {}) });
      expect(res.status, `${route.method} ${route.route}`).toBe(401);
    }
  });

  it('lets exactly the roles with the permission through, for every route', async () => {
    const seen: string[] = [];
    for (const route of routes) {
      for (const role of TEAM_ROLES) {
        const who = await actor(A, role);
        const { url, body } = await route.request(fx);
        const res = await h.call({
          method: route.method,
          url,
          headers: who.auth,
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        const expected = teamRoleCan(role, route.permission) ? (route.allowedStatus ?? 200) : 403;
        seen.push(
          `${route.method} ${route.route} ${role} ${res.status === expected ? 'ok' : `got ${res.status} (${res.msg}), want ${expected}`}`,
        );
      }
    }
    expect(seen.filter((s) => !s.endsWith(' ok'))).toEqual([]);
  });

  it('never lets an owner of another tenant reach this tenant', async () => {
    const leaks: string[] = [];
    for (const route of routes) {
      const { url, body } = await route.request(fx);
      const res = await h.call({
        method: route.method,
        url,
        headers: otherOwner,
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      if (route.scope === 'target') {
        if (res.status !== 403 && res.status !== 404) leaks.push(`${route.method} ${route.route}: ${res.status}`);
      } else {
        if (res.status !== (route.allowedStatus ?? 200)) leaks.push(`${route.method} ${route.route}: ${res.status} (${res.msg})`);
        const shown = [A, ...tenantAUsers].filter((id) => res.raw.includes(id));
        if (shown.length) leaks.push(`${route.method} ${route.route} shows ${shown.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
