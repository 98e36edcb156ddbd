import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage, translate } from '../../platform/http/i18n.ts';
import { imageList } from '../../platform/http/record-fields.ts';
import { goodsPictures } from './pictures.ts';
import { createGoods, deleteGoods, getGoods, listGoods, requireVip, updateGoods } from './service.ts';

const id = z.coerce.number().int().positive();
const goodsBody = z.object({
  name: z
    .string({ error: 'validation:knowledgeNameRequired' })
    .trim()
    .min(1, { error: 'validation:knowledgeNameRequired' })
    .max(100),
  intro: z.string().trim().max(2000).default(''),
  images: imageList.default([]),
  sellingPoints: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  price: z.string().trim().max(30).default(''),
});

const goodsView = z
  .object({
    goodsId: z.string(),
    name: z.string(),
    intro: z.string(),
    images: z.array(z.string()),
    sellingPoints: z.array(z.string()),
    price: z.string(),
    productInfo: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Goods' });
const done = { 200: envelopeOf(z.null()) };

/** Product library (/goods, /mott-knowledge; login and vip). */
export async function goodsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['goods'];
  const security = [{ bearer: [] }];
  const vipUser = async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    await requireVip(ctx, user);
    return user;
  };
  api.get(
    '/goods',
    {
      schema: {
        tags,
        security,
        summary: "The user's products; keyword filters by containment over name plus intro",
        querystring: z.object({ keyword: z.string().max(100).default('') }),
        response: { 200: envelopeOf(z.array(goodsView)) },
      },
    },
    async (request) => ok(await listGoods(ctx, await vipUser(request), request.query.keyword)),
  );
  api.get(
    '/goods/:goodsId',
    {
      schema: {
        tags,
        security,
        summary: 'One product with its productInfo text',
        params: z.object({ goodsId: id }),
        response: { 200: envelopeOf(goodsView) },
      },
    },
    async (request) => ok(await getGoods(ctx, await vipUser(request), request.params.goodsId)),
  );
  api.post(
    '/goods/:goodsId/pictures',
    {
      schema: {
        tags,
        security,
        summary:
          "A product's pictures as generation inputs (batch studio): the user's own files as they are, other links fetched safely, checked and stored as uploads; the rest listed with the reason",
        params: z.object({ goodsId: id }),
        response: {
          200: envelopeOf(
            z.object({
              pictures: z.array(z.object({ name: z.string(), url: z.string() })),
              failed: z.array(z.object({ source: z.string(), message: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const { pictures, failed } = await goodsPictures(ctx, await vipUser(request), request.params.goodsId);
      return ok({
        pictures,
        failed: failed.map((f) => ({ source: f.source, message: translate(lang, f.error.key, f.error.params) })),
      });
    },
  );
  api.post(
    '/goods',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a product',
        body: goodsBody,
        response: { 200: envelopeOf(z.object({ goodsId: z.string() })) },
      },
    },
    async (request) => ok({ goodsId: await createGoods(ctx, await vipUser(request), request.body) }),
  );
  api.put(
    '/goods/:goodsId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a product',
        params: z.object({ goodsId: id }),
        body: goodsBody,
        response: done,
      },
    },
    async (request) => {
      await updateGoods(ctx, await vipUser(request), request.params.goodsId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/goods/:goodsId',
    { schema: { tags, security, summary: 'Deletes a product', params: z.object({ goodsId: id }), response: done } },
    async (request) => {
      await deleteGoods(ctx, await vipUser(request), request.params.goodsId);
      return ok(null);
    },
  );
}
