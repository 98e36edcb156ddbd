import { z } from 'zod';
import { defineBizType } from '../tasks/bizTypes.ts';
import { keepRegions } from '../tasks/params.ts';

/**
 * Posters (PLACARD_GEN, spec 001 §3 poster creation): laid out and rendered by the local `poster`
 * engine (server/src/posters, docs/rewrite.md) from a title, subtitle, body text, an optional product
 * cutout and a background, in several layouts per request.
 */
export const PLACARD_GEN = 'PLACARD_GEN';

/** Sizes of the poster ratios, in pixels (1080 wide: the standard download of spec 001 §9). */
export const POSTER_SIZES = {
  '3:4': { width: 1080, height: 1440 },
  '1:1': { width: 1080, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
} as const;
export type PosterRatio = keyof typeof POSTER_SIZES;
export const POSTER_RATIOS = Object.keys(POSTER_SIZES) as PosterRatio[];

/** The layouts the engine draws, in the order a request takes them. */
export const POSTER_LAYOUTS = ['classic', 'split', 'banner', 'centered'] as const;
export type PosterLayout = (typeof POSTER_LAYOUTS)[number];

/** Scene backgrounds drawn by the engine. */
export const POSTER_SCENES = ['studio', 'sunrise', 'mint', 'night', 'paper'] as const;

/** Points per poster (one per layout), as an idea picture. */
export const POSTER_COST = 10;

export const POSTER_TEXT_MAX = { title: 60, subtitle: 120, body: 600 } as const;

export const posterBackground = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('colour'), colour: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
  z.object({ kind: z.literal('scene'), scene: z.enum(POSTER_SCENES) }),
  /** The user's own picture: the task's last input file. */
  z.object({ kind: z.literal('image') }),
]);

export const posterParams = z.object({
  title: z.string().trim().min(1).max(POSTER_TEXT_MAX.title),
  subtitle: z.string().trim().max(POSTER_TEXT_MAX.subtitle).default(''),
  body: z.string().trim().max(POSTER_TEXT_MAX.body).default(''),
  ratio: z.enum(POSTER_RATIOS as [PosterRatio, ...PosterRatio[]]).default('3:4'),
  /** How many layouts (posters) to draw, 1 to 4. */
  layouts: z.number().int().min(1).max(POSTER_LAYOUTS.length).default(3),
  /** A product cutout is the task's first input file. */
  product: z.boolean().default(false),
  /** Regions beside the product its cut leaves out, to keep with it (a photo only: POST /api/upload/regions). */
  keep: keepRegions,
  /** Regions its cut keeps beside the product, to take out (issue 44: a lamp beside a dress). */
  drop: keepRegions,
  background: posterBackground.default({ kind: 'scene', scene: 'studio' }),
});
export type PosterParams = z.infer<typeof posterParams>;

/** Inputs: the product cutout (when `product`), then the user's background (when kind is image). */
export const posterInputCount = (p: PosterParams) => (p.product ? 1 : 0) + (p.background.kind === 'image' ? 1 : 0);

export const posterType = defineBizType<PosterParams, typeof PLACARD_GEN>({
  type: PLACARD_GEN,
  output: 'file',
  params: posterParams,
  inputs: (p) => [posterInputCount(p), posterInputCount(p)],
  cost: (p) => POSTER_COST * p.layouts,
});
