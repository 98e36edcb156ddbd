/// <reference path="./fastify-symbols.d.ts" />
import type { FastifyInstance, FastifyReply, FastifyRequest, LogController } from 'fastify';
import symbols from 'fastify/lib/symbols.js';

/**
 * Reads Fastify's public API makes dear on the hot path (issue 48: GET /api/user/current), or does
 * not offer (the app's log controller), taken from its internals in this one place.
 * fastify-internals.test.ts checks each against the public API, so a Fastify release that moves
 * them fails there, not silently.
 */

const { kReplyHeaders, kRouteContext, kLogController } = symbols;

/**
 * The headers Fastify will write with the answer, by lower-case name: what `reply.header`,
 * `hasHeader` and `getHeader` read and write, without lower-casing the name on every call (names
 * given here must be lower case already). Headers set on `reply.raw` are not in it.
 */
export function replyHeaders(reply: FastifyReply): Record<string, string | string[] | number | undefined> {
  return (reply as unknown as Record<symbol, Record<string, string | string[] | number | undefined>>)[kReplyHeaders] as Record<
    string,
    string | string[] | number | undefined
  >;
}

/**
 * The template of the route that answers (`/api/items/:id`), undefined for the not-found handler:
 * `request.routeOptions.url` without the 13-field object Fastify builds on every read of
 * `routeOptions` (and its constraint lookup).
 */
export function routeTemplate(request: FastifyRequest): string | undefined {
  return (request as unknown as Record<symbol, { config?: { url?: string } }>)[kRouteContext]?.config?.url;
}

/** The log controller the app was built with (Fastify's `logController` option), which Fastify keeps but does not expose. */
export function logControllerOf(app: FastifyInstance): LogController | undefined {
  return (app as unknown as Record<symbol, LogController | undefined>)[kLogController];
}
