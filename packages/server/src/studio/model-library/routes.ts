import { EXPRESSIONS, HOUSE_LOOK_SCENE_MAX } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { getHouseLook, saveHouseLook } from './house-look.ts';
import { createModel, deleteModel, listModels, updateModel, useModel } from './service.ts';
import { STARTER_FIGURES, starterStatus, startStarterBuild } from './starter.ts';

const SCOPES = ['own', 'tenant', 'public'] as const;
const tag = z.string().trim().min(1).max(20);
const fields = {
  name: z
    .string({ error: 'validation:knowledgeNameRequired' })
    .trim()
    .min(1, { error: 'validation:knowledgeNameRequired' })
    .max(40),
  look: z.string().trim().max(200).default(''),
  tags: z.array(tag).max(10).default([]),
  licence: z.string().trim().max(300).default(''),
  consent: z.string().trim().max(300).default(''),
};

const modelView = z
  .object({
    modelId: z.string(),
    name: z.string(),
    look: z.string(),
    tags: z.array(z.string()),
    pictureUrl: z.string(),
    licence: z.string(),
    /** The person's consent (a model release), or why none is needed (a generated figure). */
    consent: z.string(),
    /** `<provider>/<model>` that generated the figure (the starter library); null for a picture someone added. */
    generatedBy: z.string().nullable(),
    scope: z.enum(SCOPES),
    editable: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: 'LibraryModel' });
const modelParams = z.object({ modelId: z.string().min(1).max(64) });

const buildView = z
  .object({
    buildId: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    total: z.number(),
    made: z.number(),
    failed: z.number(),
    /** The provider and model that make the figures (`fashn` / `model-create`). */
    provider: z.string(),
    model: z.string(),
    /** What the provider charged for the figures made, in `currency` (FASHN: credits). */
    cost: z.number(),
    currency: z.string(),
    error: z.string().nullable(),
    createdAt: z.number(),
    finishedAt: z.number().nullable(),
  })
  .meta({ id: 'LibraryBuild' });
const figureSpec = z.object({
  gender: z.enum(['female', 'male']),
  age: z.enum(['20s', '30s', '40s', '50s']),
  build: z.enum(['slim', 'average', 'athletic', 'plus']),
  skin: z.enum(['light', 'medium', 'olive', 'brown', 'deep']),
  pose: z.enum(['front', 'threeQuarter', 'walking', 'handsOnHips', 'seated']),
});

/** The model library (docs/engines.md "Model library"): browse, add own or (operators) tenant/public models, use one. */
const houseLook = z
  .object({
    model: z.object({ modelId: z.string(), name: z.string(), pictureUrl: z.string() }).nullable(),
    expression: z.enum(EXPRESSIONS).nullable(),
    sceneId: z.string().nullable(),
    customScene: z.string(),
    updatedAt: z.number(),
  })
  .meta({ id: 'HouseLook' });

export async function modelLibraryRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['model-library'];
  const security = [{ bearer: [] }];
  app.get(
    '/model-library/house-look',
    {
      schema: {
        tags,
        security,
        summary: "The caller's house look (fixed model, expression and scene), null when none is saved",
        response: { 200: envelopeOf(houseLook.nullable()) },
      },
    },
    async (request) => ok(await getHouseLook(ctx, requireUser(request))),
  );
  app.put(
    '/model-library/house-look',
    {
      schema: {
        tags,
        security,
        summary: 'Saves the house look (paid members): a model the caller sees, an expression, a scene id or custom scene',
        body: z.object({
          modelId: z.string().min(1).max(64).nullable().default(null),
          expression: z.enum(EXPRESSIONS).nullable().default(null),
          sceneId: z
            .string()
            .regex(/^[a-z][a-zA-Z]{0,30}$/)
            .nullable()
            .default(null),
          customScene: z.string().trim().max(HOUSE_LOOK_SCENE_MAX).default(''),
        }),
        response: { 200: envelopeOf(houseLook) },
      },
    },
    async (request) => ok(await saveHouseLook(ctx, requireUser(request), request.body)),
  );
  app.get(
    '/model-library',
    {
      schema: {
        tags,
        security,
        summary: 'Models the caller sees (own, tenant, public), newest first, filtered by scope, tag or words',
        querystring: pagingQuery(16).extend({
          scope: z.enum(SCOPES).optional(),
          tag: tag.optional(),
          q: z.string().trim().max(40).optional(),
        }),
        response: { 200: envelopeOf(z.object({ list: z.array(modelView), total: z.number(), tags: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...filter } = request.query;
      return ok(await listModels(ctx, requireUser(request), filter, { pageNum, pageSize }));
    },
  );
  app.post(
    '/model-library',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a model from a picture the caller owns; scope tenant or public is for operators',
        body: z.object({ ...fields, picture: z.string().min(1).max(2000), scope: z.enum(SCOPES).default('own') }),
        response: { 200: envelopeOf(modelView) },
      },
    },
    async (request) => ok(await createModel(ctx, requireUser(request), request.body)),
  );
  app.put(
    '/model-library/:modelId',
    {
      schema: {
        tags,
        security,
        summary: 'Edits a model (its owner, or an operator of its tenant)',
        params: modelParams,
        body: z.object(fields),
        response: { 200: envelopeOf(modelView) },
      },
    },
    async (request) => ok(await updateModel(ctx, requireUser(request), request.params.modelId, request.body)),
  );
  app.delete(
    '/model-library/:modelId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a model (its owner, or an operator of its tenant)',
        params: modelParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteModel(ctx, requireUser(request), request.params.modelId);
      return ok(null);
    },
  );
  // The starter library (issue 47, starter.ts): the platform's operators, from the console.
  app.get(
    '/model-library/starter',
    {
      schema: {
        tags,
        security,
        summary:
          'The starter library (platform operators): its figures, the keys that let this install make them, whether one is set, the latest build',
        response: {
          200: envelopeOf(
            z.object({
              figures: z.array(figureSpec),
              keys: z.array(z.string()),
              ready: z.boolean(),
              provider: z.string().nullable(),
              latest: buildView.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await starterStatus(ctx, requireUser(request))),
  );
  app.post(
    '/model-library/starter',
    {
      schema: {
        tags,
        security,
        summary:
          'Builds the starter library (platform operators): the first `count` figures made through a keyed provider and published to every tenant; refused before any provider is called without a key',
        body: z
          .object({
            count: z.number().int().min(1).max(STARTER_FIGURES.length).default(STARTER_FIGURES.length),
            /** The language of the figures' names, looks and tags (default: the caller's). */
            lang: z.enum(['zh', 'en']).optional(),
          })
          .default({ count: STARTER_FIGURES.length }),
        response: { 200: envelopeOf(buildView) },
      },
    },
    async (request) => {
      const { count, lang } = request.body;
      const { build } = await startStarterBuild(ctx, requireUser(request), { count, lang: lang ?? requestLanguage(request) });
      return ok(build);
    },
  );
  app.post(
    '/model-library/:modelId/use',
    {
      schema: {
        tags,
        security,
        summary: 'The model’s picture as the caller’s own file, to be a task input',
        params: modelParams,
        response: { 200: envelopeOf(z.object({ url: z.string(), name: z.string() })) },
      },
    },
    async (request) => ok(await useModel(ctx, requireUser(request), request.params.modelId)),
  );
}
