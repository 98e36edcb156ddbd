import { z } from 'zod';
import { requireOperator, requirePlatformOperator } from '../../../identity/operators/operators.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf } from '../../../platform/http/envelope-schema.ts';
import { marketingEngineSchema, textEngineStateSchema } from './schemas.ts';
import { activeEngine, engineState, setTextEngineChoice, TEXT_ENGINE_CHOICES } from './text-engine.ts';

/** GET /marketing/engine: which text engine writes drafts now (the pages label offline-writer drafts). */
export async function writerRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/marketing/engine',
    {
      schema: {
        tags: ['marketing'],
        summary: 'The text engine that writes marketing drafts now (openai-chat or offline-writer)',
        response: { 200: envelopeOf(marketingEngineSchema) },
      },
    },
    async () => {
      const { engine, name, offlineReason } = await activeEngine(ctx);
      return ok({ engine: name, model: engine?.model ?? null, offlineReason });
    },
  );
}

/** The text engine of the marketing suite for operators (web /text-engine): which writes now, health, and the switch. */
export async function textEngineAdminRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  app.get(
    '/admin/text-engine',
    {
      schema: {
        tags,
        security,
        summary:
          "Operators: the marketing suite's text engine (chat model or offline writer), the chat server's health and the choice",
        response: { 200: envelopeOf(textEngineStateSchema) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request);
      return ok(await engineState(ctx));
    },
  );
  app.put(
    '/admin/text-engine',
    {
      schema: {
        tags,
        security,
        summary: 'Platform operators: write drafts with the chat model when configured (auto) or always with the offline writer',
        body: z.object({ choice: z.enum(TEXT_ENGINE_CHOICES) }),
        response: { 200: envelopeOf(textEngineStateSchema) },
      },
    },
    async (request) => {
      await requirePlatformOperator(request, ctx);
      await setTextEngineChoice(ctx, request.body.choice);
      return ok(await engineState(ctx));
    },
  );
}
