import type { BizType } from '@productimage/core';

/** The tool page that makes each business type (for "open in tool" from the creation space). */
export const BIZ_TOOL_PATH: Partial<Record<BizType, string>> = {
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
};
