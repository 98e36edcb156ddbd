import { EXPRESSIONS, type Expression, isPaidTier } from '@productimage/core';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type Caller, findVisibleModel } from './service.ts';

/**
 * The house look (issue 47; spec 000 §6 basic and up: "fixed model, expression and scene"): a
 * member saves a model they may see (library or their own), an expression and a scene; the model
 * photo, mannequin and try-on forms and the batch studio start from it. Saving needs a paid tier;
 * a look saved while paid stays readable after, but a model no longer visible (deleted, or the
 * member moved tenant) is left out.
 */
export interface HouseLook {
  model: { modelId: string; name: string; pictureUrl: string } | null;
  expression: Expression | null;
  sceneId: string | null;
  customScene: string;
  updatedAt: number;
}

export interface HouseLookInput {
  modelId: string | null;
  expression: Expression | null;
  sceneId: string | null;
  customScene: string;
}

const isExpression = (v: string | null): v is Expression => !!v && (EXPRESSIONS as readonly string[]).includes(v);

export async function getHouseLook(ctx: AppContext, caller: Caller): Promise<HouseLook | null> {
  const row = await ctx.db.selectFrom('house_looks').selectAll().where('user_id', '=', caller.id).executeTakeFirst();
  if (!row) return null;
  const model = row.model_id ? await findVisibleModel(ctx, caller, row.model_id) : null;
  return {
    model: model ? { modelId: model.modelId, name: model.name, pictureUrl: model.pictureUrl } : null,
    expression: isExpression(row.expression) ? row.expression : null,
    sceneId: row.scene_id,
    customScene: row.custom_scene,
    updatedAt: Number(row.updated_at),
  };
}

export async function saveHouseLook(ctx: AppContext, caller: Caller, input: HouseLookInput): Promise<HouseLook> {
  if (!isPaidTier((await getBenefitPackage(ctx.db, caller.id)).product.productType))
    throw new AppError('houseLookNeedsMembership');
  if (input.modelId && !(await findVisibleModel(ctx, caller, input.modelId))) throw new AppError('notFound');
  const row = {
    user_id: caller.id,
    model_id: input.modelId,
    expression: input.expression,
    scene_id: input.sceneId,
    custom_scene: input.customScene,
    updated_at: Date.now(),
  };
  await ctx.db
    .insertInto('house_looks')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, user_id: undefined }))
    .execute();
  return (await getHouseLook(ctx, caller)) as HouseLook;
}
