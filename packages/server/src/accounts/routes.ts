import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { revokeSession } from './sessions.ts';

/** Account routes under /api/auth (API.md "Account"). */
export async function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'The token stops working' } }, async (request) => {
    const user = requireUser(request);
    await revokeSession(ctx.db, user.sessionId);
    return ok(null);
  });
}
