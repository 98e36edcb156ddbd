import type { SessionUserWithProfile } from '../../identity/accounts/sessions.ts';
import { publicOrigin } from '../../identity/accounts/user-info.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { schemaSerializerCompiler } from '../../platform/http/fast-serializer.ts';
import { currentUser } from './current.ts';
import { currentUserSchema } from './schemas.ts';

/** Routes under /api/user. */
export async function usersRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/user/current',
    {
      schema: {
        tags: ['user'],
        summary: 'The current user, benefit package and feature flags',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(currentUserSchema) },
      },
      // The most requested route: its answer is written by a compiled serializer (issue 16).
      serializerCompiler: schemaSerializerCompiler,
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await currentUser(ctx.db, user.id, publicOrigin(ctx, request), user as SessionUserWithProfile));
    },
  );
}
