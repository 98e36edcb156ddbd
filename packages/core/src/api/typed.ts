import type { MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './schema.gen.ts';

/**
 * Types over the generated OpenAPI document (`schema.gen.ts`, `npm run gen:api`): what a typed
 * call takes and what it answers. Wire shapes are never written by hand in a client.
 */

/** The options of a call to `path` with `method`: `params` (path, query), `body`, `timeoutMs`, `signal`. */
type Init<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = MaybeOptionalInit<paths[P], M> & {
  timeoutMs?: number;
  signal?: AbortSignal;
  [key: string]: unknown;
};

/** The init argument, optional when the operation needs no parameters and no body. */
export type ApiInit<M extends HttpMethod, P extends PathsWithMethod<paths, M>> =
  RequiredKeysOf<MaybeOptionalInit<paths[P], M>> extends never ? [Init<M, P>?] : [Init<M, P>];

/** The JSON answer of an operation's 200 response (the envelope), when the route publishes one. */
type SuccessBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** What a typed call answers: the `data` of the envelope (`unknown` for routes without a response schema). */
export type EnvelopeData<M extends HttpMethod, P extends PathsWithMethod<paths, M>> =
  SuccessBody<paths[P][M]> extends { data: infer D } ? D : unknown;

/** The answer of `GET path` etc., for naming a type where a call's answer is stored. */
export type ApiData<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = EnvelopeData<M, P>;

/** A schema the server names with `.meta({ id })`, e.g. `Schema<'TaskView'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type { paths as ApiPaths };

/** The JSON body an operation takes, e.g. `ApiBody<'post', '/api/tasks'>`. */
export type ApiBody<M extends HttpMethod, P extends PathsWithMethod<paths, M>> =
  NonNullable<paths[P][M] extends { requestBody?: infer R } ? R : never> extends { content: { 'application/json': infer B } }
    ? B
    : never;

/** The query parameters an operation takes, e.g. `ApiQuery<'get', '/api/tasks'>`. */
export type ApiQuery<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = NonNullable<
  paths[P][M] extends { parameters: { query?: infer Q } } ? Q : never
>;
