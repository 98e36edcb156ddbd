import { z } from 'zod';
import {
  BACKGROUND_COLORS,
  DENOISING_STRENGTH_DEFAULT,
  ERODE_SIZE_DEFAULT,
  GEN_MODES,
  type ImageBizType,
  RATIOS,
} from '../constants/tasks.ts';

/**
 * Parameters of the diffusion tools (spec 001 §3, §9): mannequin to model, model photos, product,
 * wig and shoe pictures, try-on, custom models and pets. They run on the remote image engines
 * (`comfyui`, `openai-images`; docs/engines.md), which read `scene` as the prompt, `genNum` as the
 * batch size, `ratio` as the size and `denoisingStrength` as the denoise of their workflow.
 */

/** How many pictures one generation makes: 4 by default (spec 001 §9 "genNum 4 by default"). */
export const GENERATION_GEN_NUM_DEFAULT = 4;
export const GENERATION_GEN_NUM_MAX = 4;
/** Longest scene description (template scenes are short phrases; a custom scene is the user's words). */
export const SCENE_MAX_CHARS = 500;
export const TRYON_TYPES = ['split', 'set'] as const;
export type TryonType = (typeof TRYON_TYPES)[number];

/** A redraw mask travels as a PNG data URL (as the cutout's refinement mask; about 3 MB of PNG). */
export const GENERATION_MASK_MAX_CHARS = 4_000_000;

/** The business types served by these parameters, in the order of the side bar. */
export const GENERATION_BIZ_TYPES = [
  'MANNEQUIN_IMAGE',
  'MODEL_IMAGE_NEW',
  'PRODUCT_IMAGE',
  'WIG_IMAGE',
  'SHOES_IMAGE',
  'TRY_ON',
  'CUSTOMIZED_MODEL',
  'PET_IMAGE_CUSTOMIZED',
] as const satisfies readonly ImageBizType[];
export type GenerationBizType = (typeof GENERATION_BIZ_TYPES)[number];
export const isGenerationBizType = (type: string): type is GenerationBizType =>
  (GENERATION_BIZ_TYPES as readonly string[]).includes(type);

/** Scale: the slider's 0 to 100 maps to a factor 1.0 to 1.6 (spec 001 §9). */
export function scaleFactor(scale: number): number {
  const clamped = Math.min(100, Math.max(0, scale));
  return Math.round((1 + (clamped / 100) * 0.6) * 1000) / 1000;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const id = z.string().trim().min(1).max(64);

export const generationParams = z.object({
  /** The scene: a template's phrase or the user's own words (the prompt of the workflow). */
  scene: z.string().trim().max(SCENE_MAX_CHARS).optional(),
  /** The template the settings came from (template library), for the history only. */
  templateId: id.optional(),
  /** The model-library model whose face and body the pictures show (its picture is one of the inputs). */
  modelId: id.optional(),
  genNum: z.coerce.number().int().min(1).max(GENERATION_GEN_NUM_MAX).default(GENERATION_GEN_NUM_DEFAULT),
  ratio: z.enum(RATIOS).default('original'),
  /** Background reproduction (the NEW tab): ACCURATE_REPLICATION or STYLE_IMITATION. */
  mode: z.enum(GEN_MODES).optional(),
  /** Background reproduction: remove the reference's own subject before placing ours. */
  removeSubject: z.boolean().default(false),
  backgroundColor: z.string().regex(HEX, { error: 'errors:badRequest' }).optional(),
  denoisingStrength: z.coerce.number().min(0).max(1).default(DENOISING_STRENGTH_DEFAULT),
  /** Pixels the subject's mask is eroded by before the new picture is painted around it. */
  erodeSize: z.coerce.number().int().min(0).max(32).default(ERODE_SIZE_DEFAULT),
  topN: z.coerce.number().int().min(1).max(GENERATION_GEN_NUM_MAX).optional(),
  strength: z.coerce.number().int().min(0).max(100).default(33),
  /** Subject size, 0 to 100 (factor 1.0 to 1.6, `scaleFactor`). */
  scale: z.coerce.number().int().min(0).max(100).default(0),
  /**
   * The area to redraw (the mask editor): a PNG the size of the first input whose transparent
   * pixels are redrawn and opaque ones kept (the images API's edit mask, and the MASK output of
   * ComfyUI's LoadImage, which is 1 where alpha is 0).
   */
  mask: z
    .string()
    .max(GENERATION_MASK_MAX_CHARS)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'errors:maskEmpty' })
    .optional(),
});
export type GenerationParams = z.infer<typeof generationParams>;

/**
 * TRY_ON: `split` (mix and match) dresses the person of the first input in the top of the second
 * and, when given, the bottom of the third; `set` (outfit) in the one outfit of the second.
 */
export const tryOnParams = generationParams.extend({
  tryonType: z.enum(TRYON_TYPES).default('split'),
});
export type TryOnParams = z.infer<typeof tryOnParams>;

/** Spec 001 §6: a background colour outside the presets is a paid-member feature. */
export function generationPaidFeature(params: Record<string, unknown>): string | null {
  const color = params.backgroundColor;
  if (typeof color === 'string' && !(BACKGROUND_COLORS as readonly string[]).includes(color.toUpperCase()))
    return 'customColorNeedsMembership';
  return null;
}

/** Inputs of a generation task, [min, max]: the subject pictures, then a model or reference picture. */
export function generationInputRules(bizType: GenerationBizType, params: Record<string, unknown>): [number, number] {
  switch (bizType) {
    case 'TRY_ON':
      return params.tryonType === 'set' ? [2, 2] : [2, 3];
    case 'CUSTOMIZED_MODEL':
    case 'PET_IMAGE_CUSTOMIZED':
      // A likeness is learnt from one to four of the user's own pictures.
      return [1, 4];
    default:
      // The subject, then optionally the chosen model's picture and the reference background.
      return [1, 3];
  }
}
