import { z } from 'zod';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import type { GenerationSource } from '../knowledge/service.ts';

/**
 * Wire shapes that several marketing sub-domains share (ideas and content); each sub-domain's own
 * shapes are in its `schemas.ts`. Response shapes are published in OpenAPI so the web app's types
 * are generated from them (`npm run gen:api`): a field a view gains must be added there too, the
 * response serializer keeps only what the schema names.
 */

/** A trimmed text of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);

/** The `:id` of a report or a content task. */
export const idParam = z.object({ id: z.string().max(100) });

/** A picture's optional product picture; without one, the one given with the report or content is used. */
export const pictureBody = z.object({ productImage: z.string().max(1000).optional() }).nullish();

/** The answer of routes that answer nothing but success. */
export const done = { 200: envelopeOf(z.null()) };

/** A knowledge chunk a writer drew on (reports and content show them as sources). */
export const generationSourceSchema = z.object({
  sourceName: z.string(),
  text: z.string(),
  score: z.number(),
  datasetId: z.string(),
  collectionId: z.string(),
  /** The text around the matched query terms, matches marked (knowledge search; older results have none). */
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })).optional(),
});

/** The recorded knowledge sources as clients see them (the stored search hits carry more). */
export const shownSources = (sources: GenerationSource[] | undefined) =>
  (sources ?? []).map(({ sourceName, text, score, datasetId, collectionId, snippet }) => ({
    sourceName,
    text,
    score,
    datasetId,
    collectionId,
    snippet,
  }));
