import type { z } from 'zod';
import { BIZ_TYPES, type ImageBizType } from '../constants/tasks.ts';
import { type BizTypeDefinition, defineBizType } from './bizTypes.ts';
import { generationPaidFeature, isGenerationBizType } from './generationParams.ts';
import { inputRules, isPresetColor, type ProductReplaceParams, subjectCount, TASK_PARAM_SCHEMAS, taskCost } from './params.ts';

/**
 * The image and video business types of spec 001 §3, registered in the open registry with the
 * schemas, input rules and costs of params.ts (which the web app also imports directly).
 */

/** Spec 001 §6: custom colours and batches are paid-member features of the background tools. */
function productReplacePaidFeature(params: Record<string, unknown>, inputCount: number): string | null {
  const p = params as ProductReplaceParams;
  if (p.backgroundColor && !isPresetColor(p.backgroundColor)) return 'customColorNeedsMembership';
  if (subjectCount(p, inputCount) > 1) return 'batchNeedsMembership';
  return null;
}

export const IMAGE_BIZ_TYPES = Object.fromEntries(
  BIZ_TYPES.map((type) => [
    type,
    defineBizType<Record<string, unknown>, ImageBizType>({
      type,
      output: 'file',
      params: (TASK_PARAM_SCHEMAS as Partial<Record<ImageBizType, z.ZodType<Record<string, unknown>>>>)[type],
      inputs: (params) => inputRules(type, params),
      cost: (params, inputCount) => taskCost(type, params, inputCount),
      ...(type === 'PRODUCT_REPLACE_IMAGE' ? { paidFeature: productReplacePaidFeature } : {}),
      ...(isGenerationBizType(type) ? { paidFeature: generationPaidFeature } : {}),
    }),
  ]),
) as { [T in ImageBizType]: BizTypeDefinition<Record<string, unknown>, T> };
