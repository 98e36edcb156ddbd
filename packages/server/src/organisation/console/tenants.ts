import { DEFAULT_TENANT_FLAGS } from '@productimage/core';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Operator } from '../admin/operators.ts';
import { poolBalance } from '../team/pool.ts';
import { forgetTenant, parseFlags, parseList, type StoredFlags } from '../tenants/store.ts';

/**
 * Tenants and referrers as console data. Operators of the platform (default tenant) see and edit
 * every tenant and referrer; operators of another tenant see and edit their own tenant and the
 * referrers that bring visitors to it. Edits drop this process's tenant cache at once; other
 * processes read the new row within TENANT_CACHE_MS (10 s).
 */
export const isPlatform = (operator: Operator) => operator.tenantId === DEFAULT_TENANT_FLAGS.tenantId;

function checkTenantAccess(operator: Operator, tenantId: string) {
  if (!isPlatform(operator) && operator.tenantId !== tenantId) throw new AppError('notFound');
}

export async function listTenants(ctx: AppContext, operator: Operator) {
  let query = ctx.db.selectFrom('tenants').selectAll().orderBy('id');
  if (!isPlatform(operator)) query = query.where('id', '=', operator.tenantId);
  const rows = await query.execute();
  return Promise.all(
    rows.map(async (r) => {
      const members = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', r.id)
        .executeTakeFirstOrThrow();
      return {
        id: r.id,
        name: r.name,
        nameEn: r.name_en,
        flags: parseFlags(r.flags),
        members: Number(members.n),
        pool: await poolBalance(ctx.db, r.id),
        updatedAt: Number(r.updated_at),
      };
    }),
  );
}

/** Whether a tenant with this id exists (read fresh, not from the tenant cache). */
export async function tenantExists(ctx: AppContext, id: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface TenantEdit {
  name?: string;
  nameEn?: string;
  flags?: StoredFlags;
}

export async function saveTenant(ctx: AppContext, operator: Operator, id: string, edit: TenantEdit, create: boolean) {
  const existing = await ctx.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  if (create) {
    if (!isPlatform(operator)) throw new AppError('forbidden');
    if (existing) throw new AppError('conflict');
  } else {
    checkTenantAccess(operator, id);
    if (!existing) throw new AppError('notFound');
  }
  const now = Date.now();
  await writeTransaction(ctx.db, async (trx) => {
    if (existing) {
      await trx
        .updateTable('tenants')
        .set({
          name: edit.name ?? existing.name,
          name_en: edit.nameEn ?? existing.name_en,
          ...(edit.flags ? { flags: JSON.stringify(edit.flags) } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('tenants')
        .values({
          id,
          name: edit.name ?? id,
          name_en: edit.nameEn ?? '',
          flags: JSON.stringify(edit.flags ?? {}),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await recordAudit(trx, {
      tenantId: id,
      actorId: operator.userId,
      action: create ? 'console.tenant.create' : 'console.tenant.update',
      target: id,
      detail: {
        before: existing ? { name: existing.name, nameEn: existing.name_en, flags: parseFlags(existing.flags) } : null,
        after: edit,
      },
    });
  });
  forgetTenant(ctx.db, id);
}

export async function listReferrers(ctx: AppContext, operator: Operator) {
  let query = ctx.db.selectFrom('referrers').selectAll().orderBy('id');
  if (!isPlatform(operator)) query = query.where('tenant_id', '=', operator.tenantId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    flags: parseFlags(r.flags),
    allowedOrigins: parseList(r.allowed_origins),
    hostMarkers: parseList(r.host_markers),
    updatedAt: Number(r.updated_at),
  }));
}

export interface ReferrerEdit {
  name: string;
  tenantId: string | null;
  flags: StoredFlags;
  allowedOrigins: string[];
  hostMarkers: string[];
}

/** Creates or changes a referrer; a tenant's operator may only keep it pointing at their tenant. */
export async function saveReferrer(ctx: AppContext, operator: Operator, id: string, edit: ReferrerEdit) {
  const existing = await ctx.db.selectFrom('referrers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!isPlatform(operator)) {
    if (!existing || existing.tenant_id !== operator.tenantId || edit.tenantId !== operator.tenantId)
      throw new AppError('notFound');
  }
  if (edit.tenantId) {
    const tenant = await ctx.db.selectFrom('tenants').select('id').where('id', '=', edit.tenantId).executeTakeFirst();
    if (!tenant) throw new AppError('badRequest');
  }
  const now = Date.now();
  const values = {
    name: edit.name,
    tenant_id: edit.tenantId,
    flags: JSON.stringify(edit.flags),
    allowed_origins: JSON.stringify(edit.allowedOrigins),
    host_markers: JSON.stringify(edit.hostMarkers),
    updated_at: now,
  };
  await writeTransaction(ctx.db, async (trx) => {
    if (existing) await trx.updateTable('referrers').set(values).where('id', '=', id).execute();
    else
      await trx
        .insertInto('referrers')
        .values({ id, ...values, created_at: now })
        .execute();
    await recordAudit(trx, {
      tenantId: edit.tenantId ?? operator.tenantId,
      actorId: operator.userId,
      action: existing ? 'console.referrer.update' : 'console.referrer.create',
      target: id,
      detail: { after: edit },
    });
  });
}
