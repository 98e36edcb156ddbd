import { DEFAULT_TENANT_FLAGS } from '@productimage/core';
import { countUsersOfTenant } from '../../identity/accounts/users.ts';
import type { Operator } from '../../identity/operators/operators.ts';
import {
  insertTenant,
  referrerRow,
  referrerRows,
  saveReferrerRow,
  tenantRow,
  tenantRows,
  updateTenant,
} from '../../identity/tenants/records.ts';
import { forgetTenant, parseFlags, parseList, type StoredFlags } from '../../identity/tenants/store.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { poolBalance } from '../team/pool.ts';

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
  const rows = await tenantRows(ctx.db, isPlatform(operator) ? undefined : operator.tenantId);
  return Promise.all(
    rows.map(async (r) => {
      return {
        id: r.id,
        name: r.name,
        nameEn: r.name_en,
        flags: parseFlags(r.flags),
        members: await countUsersOfTenant(ctx.db, r.id),
        pool: await poolBalance(ctx.db, r.id),
        updatedAt: Number(r.updated_at),
      };
    }),
  );
}

/** Whether a tenant with this id exists (read fresh, not from the tenant cache). */
export async function tenantExists(ctx: AppContext, id: string): Promise<boolean> {
  return (await tenantRow(ctx.db, id)) !== undefined;
}

export interface TenantEdit {
  name?: string;
  nameEn?: string;
  flags?: StoredFlags;
}

export async function saveTenant(ctx: AppContext, operator: Operator, id: string, edit: TenantEdit, create: boolean) {
  const existing = await tenantRow(ctx.db, id);
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
      await updateTenant(
        trx,
        id,
        {
          name: edit.name ?? existing.name,
          name_en: edit.nameEn ?? existing.name_en,
          ...(edit.flags ? { flags: JSON.stringify(edit.flags) } : {}),
        },
        now,
      );
    } else {
      await insertTenant(
        trx,
        id,
        { name: edit.name ?? id, name_en: edit.nameEn ?? '', flags: JSON.stringify(edit.flags ?? {}) },
        now,
      );
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
  const rows = await referrerRows(ctx.db, isPlatform(operator) ? undefined : operator.tenantId);
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
  const existing = await referrerRow(ctx.db, id);
  if (!isPlatform(operator)) {
    if (!existing || existing.tenant_id !== operator.tenantId || edit.tenantId !== operator.tenantId)
      throw new AppError('notFound');
  }
  if (edit.tenantId) {
    if (!(await tenantRow(ctx.db, edit.tenantId))) throw new AppError('badRequest');
  }
  const now = Date.now();
  const values = {
    name: edit.name,
    tenant_id: edit.tenantId,
    flags: JSON.stringify(edit.flags),
    allowed_origins: JSON.stringify(edit.allowedOrigins),
    host_markers: JSON.stringify(edit.hostMarkers),
  };
  await writeTransaction(ctx.db, async (trx) => {
    await saveReferrerRow(trx, id, values, existing !== undefined, now);
    await recordAudit(trx, {
      tenantId: edit.tenantId ?? operator.tenantId,
      actorId: operator.userId,
      action: existing ? 'console.referrer.update' : 'console.referrer.create',
      target: id,
      detail: { after: edit },
    });
  });
}
