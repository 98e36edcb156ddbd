import { type BizType, DEFAULT_IMAGE_COST, TASK_COSTS } from '@productimage/core';

/** What a task will cost, shown on the generate button; the server charges the same rule. */
export function taskCost(bizType: BizType, genNum = 1): number {
  return TASK_COSTS[bizType] ?? DEFAULT_IMAGE_COST * genNum;
}
