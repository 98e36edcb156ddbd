import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSessionUser, type SessionUser } from '../accounts/sessions.ts';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, resolved from the bearer token; null when anonymous. */
    user: SessionUser | null;
    /** The bearer token as sent (for logout). */
    bearer: string | null;
  }
}

/** Resolves `Authorization: Bearer <token>` on every request into `request.user`. */
export function installAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('bearer', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return;
    request.bearer = match[1];
    request.user = await findSessionUser(ctx.db, match[1]);
  });
}

/** The logged-in user, or a 401 `unauthorized` error. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
