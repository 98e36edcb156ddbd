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
    const token = header === undefined ? null : bearerToken(header);
    if (!token) return done();
    request.bearer = token;
    let user: ReturnType<typeof resolve>;
    try {
      user = resolve(token);
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

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The token of `Bearer <token>` (the scheme in any case, any whitespace, then a token without any),
 * or null. The form every client sends, "Bearer " and printable ASCII, is read without running the
 * expression (issue 48: it ran on every signed-in request); any other spelling goes through it.
 */
export function bearerToken(header: string): string | null {
  if (header.length > 7 && header.startsWith('Bearer ')) {
    let i = 7;
    while (i < header.length) {
      const c = header.charCodeAt(i);
      if (c <= 0x20 || c >= 0x7f) break;
      i++;
    }
    if (i === header.length) return header.slice(7);
  }
  return header.match(BEARER)?.[1] ?? null;
}

/** The logged-in user, or a 401 `unauthorized` error. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
