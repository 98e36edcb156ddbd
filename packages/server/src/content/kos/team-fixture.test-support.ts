import crypto from 'node:crypto';
import type { TeamRole } from '@productimage/core';
import { createSession } from '../../identity/accounts/sessions.ts';
import { createUser } from '../../identity/accounts/users.ts';
import { putRole } from '../../organisation/team/members.ts';
import type { Harness } from '../../test-support/harness.ts';

/** A tenant row for team tests (enterprise menu set). */
export async function addTenant(h: Harness, id: string) {
  const now = Date.now();
  await h.ctx.db
    .insertInto('tenants')
    .values({
      id,
      name: `团队${id}`,
      name_en: id,
      flags: JSON.stringify({ menuSet: 'enterprise' }),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A user of the tenant with the role, and their bearer header. */
export async function teamUser(h: Harness, tenantId: string, role: TeamRole) {
  const id = await createUser(h.ctx.db, { phone: `15${crypto.randomInt(0, 1e9).toString().padStart(9, '0')}`, tenantId });
  if (role !== 'member') await putRole(h.ctx.db, tenantId, id, role);
  const { accessToken } = await createSession(h.ctx.db, id, 3600);
  return { id, auth: { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' } };
}
