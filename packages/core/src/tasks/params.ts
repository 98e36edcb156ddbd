import { z } from 'zod';
import {
  BACKGROUND_COLORS,
  DEFAULT_IMAGE_COST,
  GEN_MODES,
  IMAGE_SIZE_CAP_DEFAULT,
  IMAGE_SIZE_CAP_MAX,
  type ImageBizType,
  QR_DEFAULTS,
  QR_SHAPES,
  RATIOS,
  REFERENCE_BACKGROUNDS,
  TASK_COSTS,
  VIDEO,
} from '../constants/tasks.ts';
import {
  GENERATION_BIZ_TYPES,
  generationInputRules,
  generationParams,
  isGenerationBizType,
  tryOnParams,
} from './generationParams.ts';

/**
 * Parameters of the business types the built-in engines serve, validated on the server and shared
 * with the web app so both sides agree on names, ranges and defaults (API.md "Generation tasks",
 * spec 001 §3 and §9). Inputs (the `inputs` URLs of a task) are counted by `inputRules`.
 */

/** Outputs a user may ask for in one task. */
export const GEN_NUM_MAX = 4;
/** Subject images one background task may batch over (/batch-copy-bg). */
export const BATCH_MAX_INPUTS = 20;
/** Characters a QR code may encode (error correction H keeps the code scannable under art). */
export const QR_CONTENT_MAX = 500;
/** QR art scenes drawn by the server (`scene` is their id as a string, default '1'; GET /api/tasks/scenes/qr/:id). */
export const QR_SCENES = ['1', '2', '3', '4', '5', '6'] as const;
/** A refinement mask travels as a PNG data URL; this caps its length (about 3 MB of PNG). */
export const MASK_MAX_CHARS = 4_000_000;
/** Mask pixels with alpha at or below this count as unpainted (faint anti-aliasing is not a stroke). */
export const MASK_PAINT_THRESHOLD = 8;

export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** True for the seven preset colours every user may pick; any other colour is a paid feature. */
export const isPresetColor = (color: string) => (BACKGROUND_COLORS as readonly string[]).includes(color.toUpperCase());

const genNum = (fallback: number) => z.coerce.number().int().min(1).max(GEN_NUM_MAX).default(fallback);

/**
 * Regions beside the main subject to keep with it (issue 30): points inside them as fractions of
 * the picture's width and height, as the cutout's choices (POST /api/upload/regions) name them.
 */
export const keepRegions = z
  .array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]))
  .max(8)
  .optional();

/**
 * A marketplace preset's frame (issue 41): a batch run for a preset renders to it by construction.
 * `fill` is the share of the frame the product (with its shadow) takes on its longer side, centred
 * (so `margin`, the gap kept from every edge, holds); `aspect` is the frame's width over its height;
 * `contactShadow` whether the preset allows a soft contact shadow under the product (no cast shadow
 * either way); `background` the colour a cut-out-only recipe is placed on (white where the preset
 * asks for a white background; none keeps the cut transparent). The server sets it from the batch's
 * preset; a single task sends none. Whatever engine makes the task, the picture is framed (the
 * server's studio/tasks/preset-framing.ts).
 */
export const presetFrame = z.object({
  fill: z.number().min(0.3).max(0.98),
  margin: z.number().min(0).max(0.25),
  aspect: z.number().min(0.2).max(5),
  contactShadow: z.boolean(),
  background: z.string().regex(HEX_COLOR, { error: 'errors:badRequest' }).optional(),
});
export type PresetFrame = z.infer<typeof presetFrame>;

/**
 * MATTING_IMAGE: one input. `mask` refines the cutout (the mask editor): a PNG of the input's
 * aspect where painted pixels (alpha > 0) force the subject (light paint, brush "add") or the
 * background (dark paint, brush "erase"); unpainted pixels keep the model's answer.
 */
export const mattingParams = z.object({
  mask: z
    .string()
    .max(MASK_MAX_CHARS)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'errors:maskEmpty' })
    .optional(),
  /** The cut keeps the main subject; these further regions are kept with it. */
  keep: keepRegions,
  /** Regions the cut kept beside the main subject (a lamp touching the shirt) to take out (issue 44). */
  drop: keepRegions,
  /** Cut out for a marketplace preset: framed to it (batches, the cut-out-only recipe). */
  frame: presetFrame.optional(),
});

/**
 * PRODUCT_REPLACE_IMAGE (/product-bg, /rewrite-background, /batch-copy-bg). The background is one of:
 * - `backgroundColor`: a colour (presets for everyone, any other hex for paid members);
 * - `reference`: one of the example backgrounds the server draws (stone, mountain, flower, desert;
 *   GET /api/tasks/scenes/reference/:name shows them);
 * - neither: the LAST input is the user's own scene or reference image.
 * All other inputs are subjects (more than one is a batch). Without `mode` the subject is placed on
 * the background with a soft shadow; with `mode` (background reproduction) its colour and light are
 * matched to the reference: ACCURATE_REPLICATION keeps the reference as it is and adjusts the subject
 * gently, STYLE_IMITATION re-paints the reference in a softened style and grades the subject strongly.
 */

export const productReplaceParams = z
  .object({
    backgroundColor: z.string().regex(HEX_COLOR, { error: 'errors:badRequest' }).optional(),
    reference: z.enum(REFERENCE_BACKGROUNDS).optional(),
    mode: z.enum(GEN_MODES).optional(),
    ratio: z.enum(RATIOS).default('original'),
    genNum: genNum(1),
    /** Longest side of each output (spec 001 §5: 1024 by default, up to 2000). */
    size: z.coerce.number().int().min(256).max(IMAGE_SIZE_CAP_MAX).default(IMAGE_SIZE_CAP_DEFAULT),
    shadow: z.boolean().default(true),
    /** Regions beside the main subject to keep (subjects that are not cut out yet). */
    keep: keepRegions,
    /** Regions the cut kept beside the main subject, to take out (issue 44). */
    drop: keepRegions,
    /** Rendered to a marketplace preset's frame (batches; on a colour background only). */
    frame: presetFrame.optional(),
  })
  .refine((p) => !(p.backgroundColor && p.reference), { error: 'errors:badRequest', path: ['reference'] })
  .refine((p) => !p.frame || !!p.backgroundColor, { error: 'errors:badRequest', path: ['frame'] });

/** A UTF-16 surrogate without its partner: text that no encoding can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** QR_CODE_ART (/ai-qr-code); one optional input replaces the scene with the user's own picture. */
export const qrArtParams = z.object({
  // A lone surrogate cannot be written as UTF-8: the code would hold U+FFFD and never read back
  // as the content, so the task would fail after the fact (issue 9). Refused here instead.
  content: z
    .string()
    .trim()
    .min(1)
    .max(QR_CONTENT_MAX)
    .refine((text) => !LONE_SURROGATE.test(text), { error: 'validation:textMalformed' }),
  scene: z.enum(QR_SCENES).default(QR_DEFAULTS.scene),
  topN: z.coerce.number().int().min(1).max(GEN_NUM_MAX).default(QR_DEFAULTS.topN),
  /** How strongly the code shows over the scene, 0 to 100. Every output still scans. */
  strength: z.coerce.number().int().min(0).max(100).default(QR_DEFAULTS.strength),
  shape: z.enum(QR_SHAPES).default('SQUARE'),
});

type Level = keyof typeof VIDEO.fps;
const levelOrNumber = (table: Record<Level, number>, allowed: (n: number) => boolean, fallback: Level) =>
  z
    .union([z.enum(['high', 'medium', 'low']).transform((l) => table[l]), z.coerce.number().int().refine(allowed)])
    .default(table[fallback]);

/** IMG_2_VEDIO (/ai-video, /ai-video-single): camera motion over one input image. */
export const videoParams = z.object({
  /**
   * '1' creative workshop (plain camera move), '2' motion trail (the move leaves a fading trail),
   * '3' 2.5D parallax (the cut-out subject moves against its background, the hole behind it filled).
   */
  type: z.enum(['1', '2', '3']).default(VIDEO.defaults.type),
  genNum: genNum(VIDEO.defaults.genNum),
  /** 720p; 480p is mapped to a 480-line render (the spec lists it as mapped). */
  resolutionRatio: z.enum(VIDEO.resolutions).default('720p'),
  duration: z.coerce.number().min(1).max(5).default(VIDEO.durationSeconds),
  format: z.enum(VIDEO.formats).default('mp4'),
  /** high 9, medium 8, low 7 frames per second (names or numbers). */
  fps: levelOrNumber(VIDEO.fps, (n) => n >= 7 && n <= 9, 'high'),
  /** Motion intensity: high 80, medium 60, low 40 (names or 1 to 100). */
  motionBucket: levelOrNumber(VIDEO.motion, (n) => n >= 1 && n <= 100, 'medium'),
  /** With a seed the same inputs render the same video; without, each output varies slightly. */
  enableSeed: z.boolean().default(VIDEO.defaults.enableSeed),
  /** How far the camera travels, 1 to 10 (3 by default). */
  motionDistance: z.coerce.number().min(1).max(10).default(VIDEO.defaults.motionDistance),
  lenControl: z.enum(VIDEO.lenControls).default(VIDEO.defaults.lenControl),
});

export type MattingParams = z.infer<typeof mattingParams>;
export type ProductReplaceParams = z.infer<typeof productReplaceParams>;
export type QrArtParams = z.infer<typeof qrArtParams>;
export type VideoParams = z.infer<typeof videoParams>;
export type VideoParamsInput = z.input<typeof videoParams>;

/** Parameter schemas of the business types the built-in engines serve. */
export const TASK_PARAM_SCHEMAS = {
  MATTING_IMAGE: mattingParams,
  PRODUCT_REPLACE_IMAGE: productReplaceParams,
  QR_CODE_ART: qrArtParams,
  IMG_2_VEDIO: videoParams,
  ...(Object.fromEntries(
    GENERATION_BIZ_TYPES.map((type) => [type, type === 'TRY_ON' ? tryOnParams : generationParams]),
  ) as Record<Exclude<(typeof GENERATION_BIZ_TYPES)[number], 'TRY_ON'>, typeof generationParams> & {
    TRY_ON: typeof tryOnParams;
  }),
} as const satisfies Partial<Record<ImageBizType, z.ZodType>>;

/** Business types with a parameter schema of their own; other types take a free-form object. */
export type ParamBizType = keyof typeof TASK_PARAM_SCHEMAS;
export const hasParamSchema = (bizType: string): bizType is ParamBizType => bizType in TASK_PARAM_SCHEMAS;

/** How many input URLs a task of this type takes: [min, max]. */
export function inputRules(bizType: ImageBizType, params: Record<string, unknown>): [number, number] {
  switch (bizType) {
    case 'MATTING_IMAGE':
    case 'IMG_2_VEDIO':
      return [1, 1];
    case 'QR_CODE_ART':
      return [0, 1];
    case 'PRODUCT_REPLACE_IMAGE': {
      const ownBackground = !params.backgroundColor && !params.reference;
      return ownBackground ? [2, BATCH_MAX_INPUTS + 1] : [1, BATCH_MAX_INPUTS];
    }
    default:
      return isGenerationBizType(bizType) ? generationInputRules(bizType, params) : [0, BATCH_MAX_INPUTS];
  }
}

/**
 * Which input of a task is the picture it is made for (a batch item's own picture: its "before" in
 * the grid and its name in the manifest). A try-on takes the person first and the garment second;
 * every other type takes its subject first (a model, likeness or reference picture follows it).
 */
export function subjectInputIndex(bizType: string): number {
  return bizType === 'TRY_ON' ? 1 : 0;
}

/** Subject images of a PRODUCT_REPLACE_IMAGE task (the inputs minus the user's own background). */
export function subjectCount(params: Pick<ProductReplaceParams, 'backgroundColor' | 'reference'>, inputCount: number): number {
  return params.backgroundColor || params.reference ? inputCount : inputCount - 1;
}

/**
 * Points a task costs (spec 001 §9). A business type with a price in TASK_COSTS pays it per task,
 * except video, where each requested video is its own render (80 each). Types without a price pay
 * DEFAULT_IMAGE_COST per output image: genNum outputs for every subject of a background batch.
 */
export function taskCost(bizType: ImageBizType, params: Record<string, unknown>, inputCount: number): number {
  const n = typeof params.genNum === 'number' ? params.genNum : 1;
  if (bizType === 'IMG_2_VEDIO') return (TASK_COSTS.IMG_2_VEDIO ?? 0) * n;
  const fixed = TASK_COSTS[bizType];
  if (fixed !== undefined) return fixed;
  if (bizType === 'PRODUCT_REPLACE_IMAGE') {
    const subjects = subjectCount(params as ProductReplaceParams, inputCount);
    return DEFAULT_IMAGE_COST * n * Math.max(1, subjects);
  }
  return DEFAULT_IMAGE_COST * n;
}
