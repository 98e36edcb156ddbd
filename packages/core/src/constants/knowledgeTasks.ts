import { z } from 'zod';
import { defineBizType } from '../tasks/bizTypes.ts';

/**
 * Knowledge training as a task of the task platform (docs/knowledge.md "Training"): one task per
 * training run of a collection, made by the `knowledge-trainer` engine. It splits the collection's
 * text into chunks (or question/answer pairs with the chat model), indexes them step by step and
 * saves its progress after every step, so a run the platform resumes after a restart goes on where
 * it stopped. Free: the knowledge base costs no points.
 */
export const KNOWLEDGE_TRAIN = 'KNOWLEDGE_TRAIN';

export const knowledgeTrainParams = z.object({ collectionId: z.string().regex(/^\d+$/) });
export type KnowledgeTrainParams = z.infer<typeof knowledgeTrainParams>;

export const knowledgeTrainResult = z.object({ chunks: z.number().int().nonnegative() });

export const knowledgeTrainType = defineBizType<KnowledgeTrainParams, typeof KNOWLEDGE_TRAIN>({
  type: KNOWLEDGE_TRAIN,
  output: 'text',
  params: knowledgeTrainParams,
  inputs: () => [0, 0],
  cost: () => 0,
  result: knowledgeTrainResult,
});
