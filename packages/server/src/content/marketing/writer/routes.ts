import { z } from 'zod';
import { requireOperator, requirePlatformOperator } from '../../../organisation/admin/operators.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf } from '../../../platform/http/envelope-schema.ts';
import { activeEngine, chatHealth, setTextEngineChoice, TEXT_ENGINE_CHOICES, textEngineChoice } from './text-engine.ts';

const textEngineStateSchema = z
  .object({
    /** What operators chose: `auto` (the chat model when configured) or `offline-writer`. */
    choice: z.enum(TEXT_ENGINE_CHOICES),
    /** The engine writing drafts now. */
    active: z.enum(['openai-chat', 'offline-writer']),
    chat: z.object({
      configured: z.boolean(),
      model: z.string().nullable(),
      /** The server's origin (no path, no key). */
      server: z.string().nullable(),
      health: z.enum(['ok', 'unauthorized', 'unreachable', 'error', 'notConfigured']),
      status: z.number().nullable(),
      ms: z.number().nullable(),
    }),
    /** The embedded offline writer is always there. */
    offlineWriter: z.object({ available: z.literal(true) }),
  })
  .meta({ id: 'TextEngineState' });

async function state(ctx: AppContext) {
  const [choice, { engine, name }, health] = await Promise.all([textEngineChoice(ctx), activeEngine(ctx), chatHealth(ctx)]);
  const base = ctx.config.LLM_BASE_URL && ctx.config.LLM_MODEL ? ctx.config.LLM_BASE_URL : null;
  let server: string | null = null;
  try {
    server = base ? new URL(base).origin : null;
  } catch {
    server = null;
  }
  return {
    choice,
    active: name,
    chat: { configured: !!base, model: base ? (engine?.model ?? ctx.config.LLM_MODEL ?? null) : null, server, ...health },
    offlineWriter: { available: true as const },
  };
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
      return ok(await state(ctx));
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
      return ok(await state(ctx));
    },
  );
}
