import type { CurrentUser } from '@productimage/core';
import type { FastifyReply } from 'fastify';
import type { SessionUserWithProfile } from '../../identity/accounts/sessions.ts';
import { publicOrigin } from '../../identity/accounts/user-info.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { keptEnvelope, schemaSerializerCompiler, sendJsonText } from '../../platform/http/fast-serializer.ts';
import { currentUser } from './current.ts';
import { currentUserSchema } from './schemas.ts';

/** Routes under /api/user. */
export async function usersRoutes(app: ApiApp, ctx: AppContext) {
  const schema = envelopeOf(currentUserSchema);
  // The most requested route (issues 16 and 48): its answer is written once by a compiled
  // serializer and sent as that text while the read cache keeps the same answer.
  const written = keptEnvelope(schema);
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
    (request, reply) => {
      const user = requireUser(request);
      const answer = currentUser(ctx.db, user.id, publicOrigin(ctx, request), user as SessionUserWithProfile);
      const send = (value: CurrentUser) => sendJsonText(reply as FastifyReply, written(value));
      // A kept answer goes out at once, without a promise.
      if (!(answer instanceof Promise)) return send(answer);
      return answer.then(send);
    },
  );
}
