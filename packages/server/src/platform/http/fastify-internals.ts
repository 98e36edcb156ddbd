/// <reference path="./fastify-symbols.d.ts" />
import type { FastifyReply, FastifyRequest } from 'fastify';
import symbols from 'fastify/lib/symbols.js';

/**
 * Two reads Fastify's public API makes dear on the hot path (issue 48: GET /api/user/current), taken
 * from its internals in this one place. fastify-internals.test.ts checks both against the public
 * API, so a Fastify release that moves them fails there, not silently.
 */

const { kReplyHeaders, kRouteContext } = symbols;

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
