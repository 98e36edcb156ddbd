import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Who a bearer token stands for (the accounts domain resolves tokens; http only carries the answer). */
export interface SessionUser {
  id: string;
  tenantId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, resolved from the bearer token; null when anonymous. */
    user: SessionUser | null;
    /** The bearer token as sent (for logout). */
    bearer: string | null;
  }
}

/**
 * Resolves `Authorization: Bearer <token>` on every request into `request.user` with the given
 * resolver (accounts' session lookup, wired by the app), so http does not depend on a domain.
 */
export function installAuth(app: FastifyInstance, resolve: (token: string) => Promise<SessionUser | null>) {
  app.decorateRequest('user', null);
  app.decorateRequest('bearer', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return;
    request.bearer = match[1];
    request.user = await resolve(match[1]);
  });
}

/** The logged-in user, or a 401 `unauthorized` error. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
