import { z } from 'zod';

/** Response schema of the `{ code, data, msg }` envelope, for routes that publish their answer's shape in OpenAPI. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), data, msg: z.string() });

/** A page of a list answer: `{ list, total }` (every list route). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number() });
