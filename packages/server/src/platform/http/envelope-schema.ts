import type { Readable } from 'node:stream';
import { z } from 'zod';

/** Response schema of the `{ code, data, msg }` envelope, for routes that publish their answer's shape in OpenAPI. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), data, msg: z.string() });

/** A page of a list answer: `{ list, total }` (every list route). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number() });

/**
 * A schema published in OpenAPI for a body the route sends already encoded (bytes, a stream, a
 * JSON string the provider wrote): typed as what is sent, described as what arrives.
 */
export const sentAs = <T>(schema: z.ZodType): z.ZodType<T> => schema as unknown as z.ZodType<T>;

/**
 * The answer of a route that sends a file or a page instead of JSON (an image, a ZIP, a Word file,
 * HTML): published as a binary body of that media type. The route sends bytes, so nothing is
 * serialised through it.
 */
export const fileAnswer = (...mediaTypes: string[]) => ({
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: sentAs<Buffer | Readable>(z.string().meta({ format: 'binary' })) }]),
  ),
});

/** The answer of a server-sent-events route (`sse: 'only'`); its events are named in the route's summary. */
export const eventStreamAnswer = { content: { 'text/event-stream': { schema: z.string() } } };
