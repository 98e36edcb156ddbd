import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXTERNAL_VIDEO_TYPES, externalVideoUrl } from '../../integrations/external/links.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { lanePlanOf } from '../../platform/queue/index.ts';
import { enablersOf } from './enablers.ts';

/**
 * GET /api/availability: what this deployment can do, so the shell marks menu entries honestly
 * (docs/shell.md "Availability"). `bizTypes` are the business types the configured engines make
 * (ENGINES); `external` the external video tools whose link is configured (EXTERNAL_VIDEO_URLS);
 * `enablers` the settings that would turn on each business type missing here (the shell shows them
 * to operators only). Anyone may ask: anonymous visitors see the same menus. No addresses or values
 * are given out here, only the names of settings the documentation lists.
 */
export async function availabilityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/availability',
    {
      schema: {
        tags: ['availability'],
        summary: 'What this deployment can run: engine business types and configured external tools',
        response: {
          200: envelopeOf(
            z.object({
              bizTypes: z.array(z.string()),
              external: z.array(z.number()),
              // Engine slots are reserved for a tier here (RESERVED_SLOTS): the flagship card's dedicated channel holds.
              reservedChannel: z.boolean(),
              /** Per business type no engine makes here: settings any one of which turns it on (`FASHN_API_KEY`, `IMAGE_API_BASE_URL + IMAGE_API_MODEL`). */
              enablers: z.record(z.string(), z.array(z.string())),
            }),
          ),
        },
      },
    },
    async () => {
      const bizTypes = new Set<string>();
      for (const engine of ctx.tasks.engines.engines) for (const type of engine.bizTypes) bizTypes.add(type);
      const external = EXTERNAL_VIDEO_TYPES.filter((type) => externalVideoUrl(ctx.config, type) !== null);
      return ok({
        bizTypes: [...bizTypes].sort(),
        external: [...external],
        reservedChannel: lanePlanOf(ctx.config).reserved !== null,
        enablers: enablersOf(bizTypes),
      });
    },
  );
}
