import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { ok } from './envelope.ts';

/**
 * A Fastify `serializerCompiler` for hot routes: the zod response schema compiled once into a
 * fast-json-stringify function, instead of the type provider's parse-then-JSON.stringify on every
 * answer (issue 16: GET /api/user/current). Like the zod serializer it writes only the fields the
 * schema names; unlike it, it does not validate the answer (the route's own types do that).
 */
export function schemaSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-07', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** The content type Fastify gives a JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The success envelope of answers written by the route's compiled serializer, kept with the answer
 * object: a route whose answers come from a read cache (db/read-cache.ts) sends what was written
 * the first time for as long as the cache gives back the same object (issue 48: GET
 * /api/user/current). Keeping is by identity, so it is exactly as fresh as the cache: a write drops
 * the cached object, and the next answer is a new object written anew. Kept as UTF-8 bytes, which
 * the socket takes as they are (a Chinese text is encoded, and measured for Content-Length, on every
 * send otherwise); a text with a files URL stays text, for the signing on the way out
 * (storage/file-urls.ts signs text answers only).
 */
export function keptEnvelope(schema: z.ZodType): (data: object) => string | Buffer {
  const serialize = schemaSerializerCompiler({ schema });
  const written = new WeakMap<object, string | Buffer>();
  return (data) => {
    let kept = written.get(data);
    if (kept === undefined) {
      const text = serialize(ok(data));
      kept = text.includes('/files/') ? text : Buffer.from(text);
      written.set(data, kept);
    }
    return kept;
  };
}
