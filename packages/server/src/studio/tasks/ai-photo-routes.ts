import { z } from 'zod';
import { runsOf } from '../../engines/ai-photo/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { ownTaskIds } from './reads.ts';

/**
 * GET /api/ai-photo/runs?taskIds=a,b: which provider and model made each of these tasks and whether
 * the garment lock holds for its pictures, so the tool pages and the history name the engine. Tasks
 * the ai-photo engine did not run, and other members' tasks, are left out. It stands with the tasks
 * (which know each task's owner); the engine keeps its runs.
 */
const runSchema = z
  .object({
    taskId: z.string(),
    provider: z.enum(['fashn', 'dashscope', 'fal']),
    model: z.string(),
    garmentLocked: z.boolean(),
    /** Why the picture is not tagged locked (`poseChanged`, `sizeChanged`, `noSubject`, `lowFidelity`: its points were refunded), or null. */
    lockNote: z.string().nullable(),
    /** Per output: the provider's own picture before the garment lock put the product's pixels back (a signed files URL), or null. */
    originals: z.array(z.string().nullable()),
    /** Per output of a garment-locked tool: mean and p95 CIEDE2000 inside the garment after the lock, or null. */
    fidelity: z.array(z.object({ mean: z.number(), p95: z.number() }).nullable()),
  })
  .meta({ id: 'AiPhotoRun' });

export async function aiPhotoRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/ai-photo/runs',
    {
      schema: {
        tags: ['tasks'],
        summary: 'The provider that made each AI-photography task, and whether its garment is locked',
        security: [{ bearer: [] }],
        querystring: z.object({
          taskIds: z
            .string()
            .max(2000)
            .transform((s) =>
              s
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean)
                .slice(0, 50),
            ),
        }),
        response: { 200: envelopeOf(z.array(runSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const own = await ownTaskIds(ctx.db, user.id, request.query.taskIds);
      return ok(
        await runsOf(
          ctx.db,
          request.query.taskIds.filter((id) => own.has(id)),
        ),
      );
    },
  );
}
