import crypto from 'node:crypto';
import { bizTypeDefinition, isGenerationBizType } from '@productimage/core';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { type Caller, type ModelScope, operates } from '../model-library/service.ts';
import { resolveInputs } from '../tasks/inputs.ts';
import { saveUpload, sniffImage } from '../uploads/service.ts';

/**
 * The template library (/template, /template-edit): named settings of a generation tool (scene,
 * model, parameters, a preview) that fill the tool in one tap. Users save their own (private);
 * operators publish to their tenant, the default tenant's operators to everyone.
 */
export type TemplateScope = ModelScope;

export interface TemplateView {
  templateId: string;
  bizType: string;
  name: string;
  params: Record<string, unknown>;
  previewUrl: string | null;
  scope: TemplateScope;
  editable: boolean;
  updatedAt: number;
}

type Row = Selectable<Database['tool_templates']>;

function visible(db: Kysely<Database>, caller: Caller) {
  return db
    .selectFrom('tool_templates')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', caller.id),
        eb.and([eb('owner_id', 'is', null), eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', caller.tenantId)])]),
      ]),
    );
}

const canEdit = async (ctx: AppContext, caller: Caller, row: Row) =>
  row.owner_id === caller.id || (!row.owner_id && (await operates(ctx, caller, row.tenant_id)));

function toView(ctx: AppContext, row: Row, editable: boolean): TemplateView {
  return {
    templateId: row.id,
    bizType: row.biz_type,
    name: row.name,
    params: JSON.parse(row.params) as Record<string, unknown>,
    previewUrl: row.preview_key ? ctx.storage.url(row.preview_key) : null,
    scope: row.owner_id ? 'own' : row.tenant_id ? 'tenant' : 'public',
    editable,
    updatedAt: row.updated_at,
  };
}

/** The tool's parameter schema checks a template's parameters (so every template opens cleanly). */
function checkedParams(bizType: string, params: Record<string, unknown>): Record<string, unknown> {
  const schema = isGenerationBizType(bizType) ? bizTypeDefinition(bizType)?.params : undefined;
  if (!schema) throw new AppError('badRequest', {}, { field: 'bizType' });
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new AppError('badRequest', {}, { field: `params.${parsed.error.issues[0]?.path.join('.') ?? ''}` });
  return parsed.data as Record<string, unknown>;
}

/** A picture the caller owns, copied into a new upload of theirs (kept while the template lives). */
async function keepPicture(ctx: AppContext, caller: Caller, url: string): Promise<string> {
  const [stored] = await resolveInputs(ctx, caller.id, [url]);
  const object = stored && (await ctx.storage.get(stored.key));
  const type = object && (await sniffImage(object.data));
  if (!object || !type) throw new AppError('taskInputInvalid');
  return ctx.storage.keyFromUrl(await saveUpload(ctx, caller, object.data, type)) as string;
}

export async function listTemplates(
  ctx: AppContext,
  caller: Caller,
  filter: { bizType?: string; scope?: TemplateScope },
  page: Paging,
) {
  let base = visible(ctx.db, caller);
  if (filter.bizType) base = base.where('biz_type', '=', filter.bizType);
  if (filter.scope === 'own') base = base.where('owner_id', '=', caller.id);
  if (filter.scope === 'tenant') base = base.where('owner_id', 'is', null).where('tenant_id', '=', caller.tenantId);
  if (filter.scope === 'public') base = base.where('owner_id', 'is', null).where('tenant_id', 'is', null);
  const { rows, total } = await listPage(base, page, (q) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'));
  const list: TemplateView[] = [];
  for (const row of rows as Row[]) list.push(toView(ctx, row, await canEdit(ctx, caller, row)));
  return { list, total };
}

async function findVisible(ctx: AppContext, caller: Caller, templateId: string): Promise<Row> {
  const row = await visible(ctx.db, caller).selectAll().where('id', '=', templateId).executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

export async function getTemplate(ctx: AppContext, caller: Caller, templateId: string): Promise<TemplateView> {
  const row = await findVisible(ctx, caller, templateId);
  return toView(ctx, row, await canEdit(ctx, caller, row));
}

export interface TemplateInput {
  name: string;
  bizType: string;
  params: Record<string, unknown>;
  preview?: string | null;
  scope: TemplateScope;
}

export async function createTemplate(ctx: AppContext, caller: Caller, input: TemplateInput): Promise<TemplateView> {
  const tenantId = input.scope === 'public' ? null : caller.tenantId;
  if (input.scope !== 'own' && !(await operates(ctx, caller, tenantId))) throw new AppError('forbidden');
  const params = checkedParams(input.bizType, input.params);
  const now = Date.now();
  const row: Row = {
    id: crypto.randomUUID(),
    tenant_id: tenantId,
    owner_id: input.scope === 'own' ? caller.id : null,
    biz_type: input.bizType,
    name: input.name,
    params: JSON.stringify(params),
    preview_key: input.preview ? await keepPicture(ctx, caller, input.preview) : null,
    created_by: caller.id,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('tool_templates').values(row).execute();
  return toView(ctx, row, true);
}

export async function updateTemplate(
  ctx: AppContext,
  caller: Caller,
  templateId: string,
  input: Omit<TemplateInput, 'scope' | 'bizType'>,
): Promise<TemplateView> {
  const row = await findVisible(ctx, caller, templateId);
  if (!(await canEdit(ctx, caller, row))) throw new AppError('forbidden');
  const params = checkedParams(row.biz_type, input.params);
  // A preview URL that is already this template's stays; a new one is kept; null removes it.
  const same = input.preview && row.preview_key && ctx.storage.keyFromUrl(input.preview) === row.preview_key;
  const preview_key = same
    ? row.preview_key
    : input.preview
      ? await keepPicture(ctx, caller, input.preview)
      : input.preview === null
        ? null
        : row.preview_key;
  const next = { name: input.name, params: JSON.stringify(params), preview_key, updated_at: Date.now() };
  await ctx.db.updateTable('tool_templates').set(next).where('id', '=', row.id).execute();
  return toView(ctx, { ...row, ...next }, true);
}

export async function deleteTemplate(ctx: AppContext, caller: Caller, templateId: string): Promise<void> {
  const row = await findVisible(ctx, caller, templateId);
  if (!(await canEdit(ctx, caller, row))) throw new AppError('forbidden');
  await ctx.db.deleteFrom('tool_templates').where('id', '=', row.id).execute();
}
