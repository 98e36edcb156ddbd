import type { TenantSelfFlag } from '@productimage/core';
import { tenantRow, updateTenant } from '../../identity/tenants/records.ts';
import { forgetTenant, parseFlags } from '../../identity/tenants/store.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findOwnUpload } from '../../studio/uploads/service.ts';

export interface TenantSettings {
  tenantId: string;
  name: string;
  logo: string | null;
  menuSet: string;
  hiddenRoutes: string[];
  hideInvite: boolean;
  hideCoins: boolean;
  hideFloating: boolean;
}

export interface TenantSettingsChange {
  name?: string;
  logo?: string | null;
  hiddenRoutes?: string[];
  hideInvite?: boolean;
  hideCoins?: boolean;
  hideFloating?: boolean;
}

export async function readSettings(ctx: AppContext, tenantId: string): Promise<TenantSettings> {
  const row = await tenantRow(ctx.db, tenantId);
  if (!row) throw new AppError('notFound');
  const flags = parseFlags(row.flags);
  return {
    tenantId,
    name: row.name,
    logo: flags.logo ?? null,
    menuSet: flags.menuSet ?? 'default',
    hiddenRoutes: flags.hiddenRoutes ?? [],
    hideInvite: flags.hideInvite ?? false,
    hideCoins: flags.hideCoins ?? false,
    hideFloating: flags.hideFloating ?? false,
  };
}

/**
 * The tenant's own settings (/kos-tenant): its name, its logo (an image the actor uploaded through
 * POST /api/upload, which checks the content) and the flags in core TENANT_SELF_FLAGS. The change
 * shows on this process at once (cache dropped) and on others within the tenant cache time.
 */
export async function updateSettings(ctx: AppContext, actor: { userId: string; tenantId: string }, change: TenantSettingsChange) {
  const row = await tenantRow(ctx.db, actor.tenantId);
  if (!row) throw new AppError('notFound');
  if (change.logo && !(await findOwnUpload(ctx, actor.userId, change.logo))) throw new AppError('uploadTypeInvalid');
  const flags = parseFlags(row.flags) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  const selfFlags: Record<TenantSelfFlag, unknown> = {
    hiddenRoutes: change.hiddenRoutes,
    hideInvite: change.hideInvite,
    hideCoins: change.hideCoins,
    hideFloating: change.hideFloating,
  };
  for (const [key, value] of Object.entries(selfFlags)) {
    if (value !== undefined) {
      flags[key] = value;
      changed[key] = value;
    }
  }
  if (change.logo !== undefined) {
    flags.logo = change.logo;
    changed.logo = change.logo;
  }
  if (change.name !== undefined) changed.name = change.name;
  await writeTransaction(ctx.db, async (trx) => {
    await updateTenant(trx, actor.tenantId, { name: change.name ?? row.name, flags: JSON.stringify(flags) });
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: 'tenant.settings',
      target: actor.tenantId,
      detail: changed,
    });
  });
  forgetTenant(ctx.db, actor.tenantId);
  return readSettings(ctx, actor.tenantId);
}
