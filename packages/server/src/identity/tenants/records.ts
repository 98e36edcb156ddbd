import type { Db } from '../../platform/db/index.ts';
import { parseList } from './store.ts';

/**
 * The tenants and referrers tables as rows, for the console and the team settings (they shape the
 * rows; this domain alone reads and writes its tables). Callers drop the tenant cache (forgetTenant).
 */
export function tenantRow(db: Db, id: string) {
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export function tenantRows(db: Db, onlyId?: string) {
  let query = db.selectFrom('tenants').selectAll().orderBy('id');
  if (onlyId) query = query.where('id', '=', onlyId);
  return query.execute();
}

export interface TenantValues {
  name: string;
  name_en?: string;
  flags?: string;
}

export async function insertTenant(db: Db, id: string, values: TenantValues, now = Date.now()): Promise<void> {
  await db
    .insertInto('tenants')
    .values({
      id,
      name: values.name,
      name_en: values.name_en ?? '',
      flags: values.flags ?? '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateTenant(db: Db, id: string, values: Partial<TenantValues>, now = Date.now()): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function referrerRow(db: Db, id: string) {
  return db.selectFrom('referrers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function referrerRows(db: Db, tenantId?: string) {
  let query = db.selectFrom('referrers').selectAll().orderBy('id');
  if (tenantId) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}

export interface ReferrerValues {
  name: string;
  tenant_id: string | null;
  flags: string;
  allowed_origins: string;
  host_markers: string;
}

/** Creates or changes a referrer row. */
export async function saveReferrerRow(db: Db, id: string, values: ReferrerValues, exists: boolean, now = Date.now()) {
  if (exists)
    await db
      .updateTable('referrers')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  else
    await db
      .insertInto('referrers')
      .values({ id, ...values, created_at: now, updated_at: now })
      .execute();
}

/** Every origin some referrer allows to frame the product (the embed's allow-list). */
export async function referrerOrigins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('referrers').select('allowed_origins').where('allowed_origins', '!=', '[]').execute();
  return rows.flatMap((row) => parseList(row.allowed_origins));
}
