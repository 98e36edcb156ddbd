import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUserWithProfile } from '../../identity/accounts/sessions.ts';
import { publicOrigin } from '../../identity/accounts/user-info.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { JSON_TYPE, keptEnvelope, schemaSerializerCompiler } from '../../platform/http/fast-serializer.ts';
import { currentUser } from './current.ts';
import { currentUserSchema } from './schemas.ts';

/** Routes under /api/user. */
export async function usersRoutes(app: ApiApp, ctx: AppContext) {
  const schema = envelopeOf(currentUserSchema);
  // The most requested route (issues 16 and 48): its answer is written once by a compiled
  // serializer and sent as that text while the read cache keeps the same answer.
  const written = keptEnvelope(schema);
  const currentHandler = (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const answer = currentUser(ctx.db, user.id, publicOrigin(ctx, request), user as SessionUserWithProfile);
    reply.type(JSON_TYPE);
    // A kept answer goes out at once, without a promise.
    return answer instanceof Promise ? answer.then(written) : written(answer);
  };
  app.get(
    '/user/current',
    {
      schema: {
        tags: ['user'],
        summary: 'The current user, benefit package and feature flags',
        security: [{ bearer: [] }],
        response: { 200: schema },
      },
      serializerCompiler: schemaSerializerCompiler,
    },
    // The handler answers the envelope already written (text or bytes), not the envelope object.
    currentHandler as never,
  );
}
