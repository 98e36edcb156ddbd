import type { Harness } from '../../test-support/harness.ts';

/** A user of `tenantId` who is an operator of it (the operators table, as `npm run operator` fills it). */
export async function operatorOf(h: Harness, tenantId = 'default') {
  const user = await h.user({ tenantId });
  await h.ctx.db.insertInto('operators').values({ user_id: user.id, tenant_id: tenantId, created_at: Date.now() }).execute();
  return user;
}
