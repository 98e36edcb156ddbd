import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The Fastify instance every domain registers its routes on: typed by the zod type provider, so a
 * handler's `request.body`, `query` and `params` have the types of the route's schemas (no casts)
 * and its answer is checked against `response` when the route declares one.
 */
export type ApiApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
