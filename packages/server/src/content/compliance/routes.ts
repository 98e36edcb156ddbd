import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { RULES_VERSION } from './rules.ts';
import { complianceCheckBody, complianceSchema, tenantWordSchema } from './schemas.ts';
import { complianceVerdict } from './service.ts';
import { addTenantWords, listTenantWords, MAX_TENANT_WORDS, parseWordsCsv, setTenantWordEnabled } from './words.ts';

const level = z.enum(['warn', 'block']);
const newWord = z.object({
  word: z.string().trim().min(1).max(40),
  level: level.default('block'),
  suggestion: z.string().trim().max(40).default(''),
});

/** POST /api/compliance/check (API.md) and the operators' word lists of their tenant (console). */
export async function complianceRoutes(app: ApiApp, ctx: AppContext): Promise<void> {
  const security = [{ bearer: [] }];

  app.post(
    '/compliance/check',
    {
      schema: {
        tags: ['compliance'],
        security,
        summary:
          "Checks a text against the advertising law, the platform's rules and the tenant's own words (free); offsets are UTF-16, end exclusive",
        body: complianceCheckBody,
        response: { 200: envelopeOf(complianceSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { text, platform, category } = request.body;
      return ok(
        await complianceVerdict(ctx.db, text, { tenantId: user.tenantId, lang: requestLanguage(request), platform, category }),
      );
    },
  );

  const tags = ['console'];
  app.get(
    '/console/compliance/words',
    {
      schema: {
        tags,
        security,
        summary: "The operator's tenant's own banned words and the built-in rules' version",
        response: {
          200: envelopeOf(z.object({ version: z.string(), max: z.number(), words: z.array(tenantWordSchema) })),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok({ version: RULES_VERSION, max: MAX_TENANT_WORDS, words: await listTenantWords(ctx.db, operator.tenantId) });
    },
  );

  app.post(
    '/console/compliance/words',
    {
      schema: {
        tags,
        security,
        summary: "Adds words to the tenant's list (a listed word takes the new level and suggestion and is enabled again)",
        body: z.object({ words: z.array(newWord).min(1).max(MAX_TENANT_WORDS) }),
        response: { 200: envelopeOf(z.object({ count: z.number() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok({ count: await addTenantWords(ctx.db, operator.tenantId, operator.userId, request.body.words) });
    },
  );

  app.post(
    '/console/compliance/words/import',
    {
      schema: {
        tags,
        security,
        summary: 'Imports words from CSV text: word,level (warn/block),suggestion per line',
        body: z.object({ csv: z.string().max(200_000) }),
        response: { 200: envelopeOf(z.object({ count: z.number() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const words = parseWordsCsv(request.body.csv);
      return ok({ count: await addTenantWords(ctx.db, operator.tenantId, operator.userId, words) });
    },
  );

  app.put(
    '/console/compliance/words/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Enables or disables a word of the tenant',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ enabled: z.boolean() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      await setTenantWordEnabled(ctx.db, operator.tenantId, operator.userId, request.params.id, request.body.enabled);
      return ok(null);
    },
  );
}
