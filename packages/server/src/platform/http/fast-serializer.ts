import fastJson from 'fast-json-stringify';
import { z } from 'zod';

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
