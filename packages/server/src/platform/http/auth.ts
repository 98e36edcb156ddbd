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
export function installAuth(app: FastifyInstance, resolve: (token: string) => SessionUser | null | Promise<SessionUser | null>) {
  app.decorateRequest('user', null);
  app.decorateRequest('bearer', null);
  // A callback hook: a session kept in memory answers without a promise (issue 16, every request).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return done();
    request.bearer = match[1];
    let user: ReturnType<typeof resolve>;
    try {
      user = resolve(match[1]);
    } catch (error) {
      return done(error as Error);
    }
    if (!(user instanceof Promise)) {
      request.user = user;
      return done();
    }
    user.then(
      (found) => {
        request.user = found;
        done();
      },
      (error: Error) => done(error),
    );
  });
}

/** The logged-in user, or a 401 `unauthorized` error. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
