import type { BizType } from '@productimage/core';
import type { TaskView } from './taskApi.ts';

/** The tool page that makes each business type (for "open in tool" from the creation space). */
const BIZ_TOOL_PATH = {
  MATTING_IMAGE: '/ai-cutout',
  PRODUCT_REPLACE_IMAGE: '/product-bg',
  QR_CODE_ART: '/ai-qr-code',
  IMG_2_VEDIO: '/ai-video-single',
  MANNEQUIN_IMAGE: '/human-figure-image',
  MODEL_IMAGE_NEW: '/model-photo-new',
  WIG_IMAGE: '/wig-image',
  SHOES_IMAGE: '/shoes-image',
  PRODUCT_IMAGE: '/ai-product-image',
  CUSTOMIZED_MODEL: '/customized-models',
  PET_IMAGE_CUSTOMIZED: '/customized-animal',
  TRY_ON: '/tryon',
} satisfies Partial<Record<BizType, string>>;
/** The same, looked up by the task's name as the API sends it. */
const TOOL_PATHS: ReadonlyMap<string, string> = new Map(Object.entries(BIZ_TOOL_PATH));

/**
 * The page a task came from. Background reproduction shares its business type with product
 * backgrounds; its `mode` parameter (and a batch of subjects) tells the pages apart.
 */
export function toolPathOf(task: Pick<TaskView, 'bizType' | 'params' | 'inputs'>): string | undefined {
  if (task.bizType === 'PRODUCT_REPLACE_IMAGE' && task.params?.mode) {
    const subjects = (task.inputs?.length ?? 1) - (task.params.reference ? 0 : 1);
    return subjects > 1 ? '/batch-copy-bg' : '/rewrite-background';
  }
  return TOOL_PATHS.get(task.bizType);
}
