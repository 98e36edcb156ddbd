import { adviserOf, type Language, type LeadType } from '@productimage/core';
import { sendToUser } from '../../identity/inbox/service.ts';
import { DEFAULT_TENANT_ID, getTenantOrDefault, resolveReferrer } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { translate } from '../../platform/http/i18n.ts';
import { listPage } from '../../platform/http/paging.ts';

export interface LeadValues {
  type: LeadType;
  name: string;
  companyName: string;
  phone: string;
  address: string;
  email: string;
  description: string;
  webSource: string;
  referrer?: string;
}

/**
 * Stores a lead for the tenant it belongs to: the logged-in user's tenant, else the tenant of the
 * visit's referrer (by name or host), else the default tenant.
 */
export async function submitLead(
  ctx: AppContext,
  values: LeadValues,
  origin: { user: { id: string; tenantId: string } | null; ip: string; host?: string | null; lang: Language },
): Promise<string> {
  const referrer = await resolveReferrer(ctx.db, values.referrer, origin.host);
  const tenantId = origin.user?.tenantId ?? referrer?.tenantId ?? DEFAULT_TENANT_ID;
  const row = await ctx.db
    .insertInto('leads')
    .values({
      tenant_id: tenantId,
      referrer: referrer?.id ?? null,
      user_id: origin.user?.id ?? null,
      type: values.type,
      name: values.name,
      company_name: values.companyName,
      phone: values.phone,
      address: values.address,
      email: values.email,
      description: values.description,
      web_source: values.webSource,
      ip: origin.ip,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Dedicated service (issue 47): a member's consultant request goes to their tenant's named adviser,
  // and the member's inbox says who has it and how to reach them.
  if (origin.user && values.type === 'consultant') {
    const adviser = adviserOf((await getTenantOrDefault(ctx.db, tenantId)).flags);
    if (adviser) {
      const params = { name: adviser.name, phone: adviser.contact };
      await sendToUser(ctx.db, origin.user.id, {
        title: translate(origin.lang, 'leads:adviserTitle', params),
        content: translate(origin.lang, 'leads:adviserBody', params),
        contentType: 'text',
      });
    }
  }
  return String(row.id);
}

export async function listLeads(ctx: AppContext, tenantId: string, query: { pageNum: number; pageSize: number; type?: string }) {
  let base = ctx.db.selectFrom('leads').where('tenant_id', '=', tenantId);
  if (query.type) base = base.where('type', '=', query.type);
  const { rows, total } = await listPage(base, query, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      name: r.name,
      companyName: r.company_name,
      phone: r.phone,
      address: r.address,
      email: r.email,
      description: r.description,
      webSource: r.web_source,
      referrer: r.referrer,
      userId: r.user_id,
      createdAt: Number(r.created_at),
    })),
    total,
  };
}

/** The tenant a lead was left with (console follow-ups check it is the operator's own). */
export async function tenantOfLead(ctx: AppContext, id: number): Promise<string | undefined> {
  return (await ctx.db.selectFrom('leads').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
}
