import crypto from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { isOperator } from '../../identity/operators/operators.ts';
import { DEFAULT_TENANT_ID } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Paging } from '../../platform/http/paging.ts';
import { listPage } from '../../platform/http/paging.ts';
import { resolveInputs } from '../tasks/inputs.ts';
import { saveUpload, sniffImage } from '../uploads/service.ts';

/**
 * The model library: faces and bodies the model tools dress (spec 001 §2 "model"). Three kinds:
 * a user's own models (made from their own pictures, private to them), their tenant's models
 * (managed by its operators) and public ones (managed by the default tenant's operators, seen by
 * every tenant). Nothing is seeded: we hold no rights to anyone's photos; operators add models
 * whose licence they hold, and write it down in `licence` and the person's consent in `consent`, or
 * build a starter set of generated figures through a keyed provider (starter.ts).
 */
export type ModelScope = 'own' | 'tenant' | 'public';
export interface Caller {
  id: string;
  tenantId: string;
}

export interface ModelView {
  modelId: string;
  name: string;
  look: string;
  tags: string[];
  pictureUrl: string;
  licence: string;
  /** The person's consent (a model release), or why none is needed (a generated figure). */
  consent: string;
  /** `<provider>/<model>` that generated the figure; null for a picture someone added. */
  generatedBy: string | null;
  scope: ModelScope;
  /** The caller may edit or delete it (their own, or they operate its tenant). */
  editable: boolean;
  createdAt: number;
}

type Row = Selectable<Database['library_models']>;

const scopeOf = (row: Pick<Row, 'owner_id' | 'tenant_id'>): ModelScope =>
  row.owner_id ? 'own' : row.tenant_id ? 'tenant' : 'public';

/** Whether the caller operates the models of this scope (public ones: the default tenant's operators). */
export async function operates(ctx: AppContext, caller: Caller, tenantId: string | null): Promise<boolean> {
  if (tenantId === null ? caller.tenantId !== DEFAULT_TENANT_ID : tenantId !== caller.tenantId) return false;
  return isOperator(ctx, caller.id, caller.tenantId);
}

/** Rows the caller may see: their own, their tenant's and public ones; never another user's own. */
function visible(db: Kysely<Database>, caller: Caller) {
  return db
    .selectFrom('library_models')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', caller.id),
        eb.and([eb('owner_id', 'is', null), eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', caller.tenantId)])]),
      ]),
    );
}

function toView(ctx: AppContext, row: Row, editable: boolean): ModelView {
  return {
    modelId: row.id,
    name: row.name,
    look: row.look,
    tags: JSON.parse(row.tags) as string[],
    pictureUrl: ctx.storage.url(row.picture_key),
    licence: row.licence,
    consent: row.consent,
    generatedBy: row.generated_by || null,
    scope: scopeOf(row),
    editable,
    createdAt: row.created_at,
  };
}

export interface ModelFilter {
  scope?: ModelScope;
  tag?: string;
  q?: string;
}

/** A page of the models the caller sees, newest first, with every tag among them (for the filter). */
export async function listModels(ctx: AppContext, caller: Caller, filter: ModelFilter, page: Paging) {
  let base = visible(ctx.db, caller);
  if (filter.scope === 'own') base = base.where('owner_id', '=', caller.id);
  if (filter.scope === 'tenant') base = base.where('owner_id', 'is', null).where('tenant_id', '=', caller.tenantId);
  if (filter.scope === 'public') base = base.where('owner_id', 'is', null).where('tenant_id', 'is', null);
  // Tags are stored as a JSON array: `"tag"` with its quotes matches one whole tag.
  if (filter.tag) base = base.where('tags', 'like', `%${JSON.stringify(filter.tag).replace(/[%_]/g, '')}%`);
  if (filter.q) {
    const q = `%${filter.q.toLowerCase().replace(/[%_]/g, '')}%`;
    base = base.where((eb) => eb.or([eb(sql`lower(name)`, 'like', q), eb(sql`lower(look)`, 'like', q)]));
  }
  const { rows, total } = await listPage(base, page, (query) =>
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
  const allTags = await visible(ctx.db, caller).select('tags').execute();
  const tags = [...new Set(allTags.flatMap((r) => JSON.parse(r.tags) as string[]))].sort();
  const list: ModelView[] = [];
  for (const row of rows as Row[])
    list.push(toView(ctx, row, row.owner_id === caller.id || (!row.owner_id && (await operates(ctx, caller, row.tenant_id)))));
  return { list, total, tags };
}

export interface ModelInput {
  name: string;
  look: string;
  tags: string[];
  licence: string;
  consent: string;
  /** Where it goes: the caller's own (default), their tenant's or public (operators only). */
  scope: ModelScope;
}

/**
 * Adds a model from a picture the caller owns (an upload or one of their results). The picture is
 * copied into a new upload of the caller, so it stays readable whatever happens to the original.
 */
export async function createModel(ctx: AppContext, caller: Caller, input: ModelInput & { picture: string }): Promise<ModelView> {
  const tenantId = input.scope === 'public' ? null : caller.tenantId;
  if (input.scope !== 'own' && !(await operates(ctx, caller, tenantId))) throw new AppError('forbidden');
  const [stored] = await resolveInputs(ctx, caller.id, [input.picture]);
  const object = stored && (await ctx.storage.get(stored.key));
  const type = object && (await sniffImage(object.data));
  if (!object || !type) throw new AppError('taskInputInvalid');
  const url = await saveUpload(ctx, caller, object.data, type);
  const key = ctx.storage.keyFromUrl(url) as string;
  const now = Date.now();
  const row: Row = {
    id: crypto.randomUUID(),
    tenant_id: tenantId,
    owner_id: input.scope === 'own' ? caller.id : null,
    name: input.name,
    look: input.look,
    tags: JSON.stringify(input.tags),
    picture_key: key,
    licence: input.licence,
    consent: input.consent,
    generated_by: '',
    created_by: caller.id,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('library_models').values(row).execute();
  return toView(ctx, row, true);
}

/** A model the caller sees, or 404 (another user's own model is as absent as a missing one). */
async function findVisible(ctx: AppContext, caller: Caller, modelId: string): Promise<Row> {
  const row = await visible(ctx.db, caller).selectAll().where('id', '=', modelId).executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** A model the caller may see, as the list shows it, or null (the house look keeps only those). */
export async function findVisibleModel(ctx: AppContext, caller: Caller, modelId: string): Promise<ModelView | null> {
  const row = await visible(ctx.db, caller).selectAll().where('id', '=', modelId).executeTakeFirst();
  return row ? toView(ctx, row, row.owner_id === caller.id) : null;
}

async function findEditable(ctx: AppContext, caller: Caller, modelId: string): Promise<Row> {
  const row = await findVisible(ctx, caller, modelId);
  if (row.owner_id === caller.id) return row;
  if (!row.owner_id && (await operates(ctx, caller, row.tenant_id))) return row;
  throw new AppError('forbidden');
}

export async function updateModel(
  ctx: AppContext,
  caller: Caller,
  modelId: string,
  input: Omit<ModelInput, 'scope'>,
): Promise<ModelView> {
  const row = await findEditable(ctx, caller, modelId);
  const next = {
    name: input.name,
    look: input.look,
    tags: JSON.stringify(input.tags),
    licence: input.licence,
    consent: input.consent,
    updated_at: Date.now(),
  };
  await ctx.db.updateTable('library_models').set(next).where('id', '=', row.id).execute();
  return toView(ctx, { ...row, ...next }, true);
}

export async function deleteModel(ctx: AppContext, caller: Caller, modelId: string): Promise<void> {
  const row = await findEditable(ctx, caller, modelId);
  await ctx.db.deleteFrom('library_models').where('id', '=', row.id).execute();
}

/**
 * The model's picture as an upload of the caller, to be a task input (tasks take only the caller's
 * own files). One copy per call: the tool keeps the URL while the model stays chosen.
 */
export async function useModel(ctx: AppContext, caller: Caller, modelId: string): Promise<{ url: string; name: string }> {
  const row = await findVisible(ctx, caller, modelId);
  if (row.owner_id === caller.id) return { url: ctx.storage.url(row.picture_key), name: row.name };
  const object = await ctx.storage.get(row.picture_key);
  const type = object && (await sniffImage(object.data));
  if (!object || !type) throw new AppError('notFound');
  return { url: await saveUpload(ctx, caller, object.data, type), name: row.name };
}
