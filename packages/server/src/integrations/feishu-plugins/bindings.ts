import type { SessionUser } from '../../identity/accounts/sessions.ts';
import type { Db } from '../../platform/db/index.ts';

export interface BaseUser {
  tenantKey: string;
  baseUserId: string;
}

/** Binds a Base user to the logged-in account (moving it from any earlier account). */
export async function bindBaseUser(db: Db, user: SessionUser, base: BaseUser, now = Date.now()): Promise<{ boundAt: number }> {
  await db
    .insertInto('feishu_bindings')
    .values({
      tenant_key: base.tenantKey,
      base_user_id: base.baseUserId,
      user_id: user.id,
      tenant_id: user.tenantId,
      bound_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_key', 'base_user_id']).doUpdateSet({ user_id: user.id, tenant_id: user.tenantId, bound_at: now }),
    )
    .execute();
  return { boundAt: now };
}

/** The binding of a Base user, only when it belongs to this account (another account's is not told). */
export async function findBinding(db: Db, user: SessionUser, base: BaseUser) {
  const row = await db
    .selectFrom('feishu_bindings')
    .select(['bound_at'])
    .where('tenant_key', '=', base.tenantKey)
    .where('base_user_id', '=', base.baseUserId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row ? { boundAt: Number(row.bound_at) } : null;
}

/** Removes the binding of a Base user when it belongs to this account; answers whether one went. */
export async function unbindBaseUser(db: Db, user: SessionUser, base: BaseUser): Promise<boolean> {
  const result = await db
    .deleteFrom('feishu_bindings')
    .where('tenant_key', '=', base.tenantKey)
    .where('base_user_id', '=', base.baseUserId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every Base user bound to this account. */
export async function listBindings(db: Db, user: SessionUser) {
  const rows = await db
    .selectFrom('feishu_bindings')
    .select(['tenant_key', 'base_user_id', 'bound_at'])
    .where('user_id', '=', user.id)
    .orderBy('bound_at', 'desc')
    .execute();
  return rows.map((r) => ({ tenantKey: r.tenant_key, baseUserId: r.base_user_id, boundAt: Number(r.bound_at) }));
}
