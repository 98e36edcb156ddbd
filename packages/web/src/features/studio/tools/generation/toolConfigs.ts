import type { GenerationBizType, TryonType } from '@productimage/core';

/**
 * The diffusion tools differ only by what they take and offer, so one page (GenerationToolPage)
 * serves all nine routes from these settings (spec 001 §2, §3).
 */

/** Recommended scenes: the label is `generation:scene_<id>`, the prompt the engines read is below. */
export const SCENE_PROMPTS = {
  studio: 'clean photo studio, soft even light, seamless backdrop',
  street: 'city street in daylight, shallow depth of field',
  cafe: 'cosy café interior, warm morning light',
  beach: 'sunny beach, blue sky, gentle sea',
  garden: 'blooming garden, soft natural light',
  office: 'bright modern office',
  home: 'bright living room, natural window light',
  marble: 'on a white marble table, soft shadows',
  wood: 'on a warm wooden table, soft daylight',
  nature: 'outdoors among rocks and plants, natural light',
  festival: 'festive decorations, warm bokeh lights',
  minimal: 'minimal pastel set, geometric props',
} as const;
export type SceneId = keyof typeof SCENE_PROMPTS;

/** One kind of input picture the tool asks for. */
export interface Slot {
  key: string;
  /** Label key in `generation`. */
  label: string;
  required: boolean;
  /** More than one picture (custom likenesses): up to this many. */
  max?: number;
}

export interface GenerationTool {
  id: string;
  path: string;
  bizType: GenerationBizType;
  slots(tryonType: TryonType): Slot[];
  /**
   * Model choice: `extra` adds the chosen model's picture after the slots (the face and body the
   * result shows); `person` lets the chosen model stand in for the first slot (try-on).
   */
  model: 'extra' | 'person' | null;
  scenes: SceneId[];
  /** Offers the preset background colours. */
  background: boolean;
  /** Offers the Background-reproduction tab (a reference picture after the other inputs). */
  reproduction: boolean;
}

const one = (key: string, label: string): Slot[] => [{ key, label, required: true }];
const PEOPLE_SCENES: SceneId[] = ['studio', 'street', 'cafe', 'beach', 'garden', 'office'];
const PRODUCT_SCENES: SceneId[] = ['marble', 'wood', 'nature', 'festival', 'minimal', 'home'];

export const GENERATION_TOOLS: GenerationTool[] = [
  {
    id: 'humanFigureImage',
    path: '/human-figure-image',
    bizType: 'MANNEQUIN_IMAGE',
    slots: () => one('subject', 'uploadMannequin'),
    model: 'extra',
    scenes: PEOPLE_SCENES,
    background: true,
    reproduction: true,
  },
  {
    id: 'modelPhotoNew',
    path: '/model-photo-new',
    bizType: 'MODEL_IMAGE_NEW',
    slots: () => one('subject', 'uploadModelPhoto'),
    model: 'extra',
    scenes: PEOPLE_SCENES,
    background: true,
    reproduction: true,
  },
  {
    id: 'aiProductImage',
    path: '/ai-product-image',
    bizType: 'PRODUCT_IMAGE',
    slots: () => one('subject', 'uploadProduct'),
    model: null,
    scenes: PRODUCT_SCENES,
    background: true,
    reproduction: true,
  },
  {
    id: 'wigImage',
    path: '/wig-image',
    bizType: 'WIG_IMAGE',
    slots: () => one('subject', 'uploadWig'),
    model: 'extra',
    scenes: PEOPLE_SCENES,
    background: true,
    reproduction: false,
  },
  {
    id: 'shoesImage',
    path: '/shoes-image',
    bizType: 'SHOES_IMAGE',
    slots: () => one('subject', 'uploadShoes'),
    model: 'extra',
    scenes: ['street', 'studio', 'beach', 'nature', 'wood', 'minimal'],
    background: true,
    reproduction: false,
  },
  {
    id: 'tryon',
    path: '/tryon',
    bizType: 'TRY_ON',
    slots: (type) =>
      type === 'set'
        ? [
            { key: 'person', label: 'uploadPerson', required: true },
            { key: 'outfit', label: 'uploadOutfit', required: true },
          ]
        : [
            { key: 'person', label: 'uploadPerson', required: true },
            { key: 'top', label: 'uploadTop', required: true },
            { key: 'bottom', label: 'uploadBottom', required: false },
          ],
    model: 'person',
    scenes: PEOPLE_SCENES,
    background: true,
    reproduction: false,
  },
  {
    id: 'customizedModels',
    path: '/customized-models',
    bizType: 'CUSTOMIZED_MODEL',
    slots: () => [{ key: 'likeness', label: 'uploadLikeness', required: true, max: 4 }],
    model: null,
    scenes: PEOPLE_SCENES,
    background: true,
    reproduction: false,
  },
  {
    id: 'customizedAnimal',
    path: '/customized-animal',
    bizType: 'PET_IMAGE_CUSTOMIZED',
    slots: () => [{ key: 'likeness', label: 'uploadPet', required: true, max: 4 }],
    model: null,
    scenes: ['home', 'garden', 'beach', 'nature', 'festival', 'studio'],
    background: true,
    reproduction: false,
  },
  {
    // Publicity pictures with the user's own custom model: a custom-model task with a product.
    id: 'customizedPublicity',
    path: '/customized-publicity',
    bizType: 'CUSTOMIZED_MODEL',
    slots: () => [
      { key: 'subject', label: 'uploadProduct', required: true },
      { key: 'person', label: 'uploadPublicityModel', required: true },
    ],
    model: 'person',
    scenes: ['studio', 'street', 'festival', 'minimal', 'office', 'home'],
    background: true,
    reproduction: true,
  },
];

export const toolByPath = (path: string) => GENERATION_TOOLS.find((tool) => tool.path === path.replace(/\/$/, ''));

/**
 * The input URLs in the order the engines read them: the slots (a chosen model in place of the
 * person, or after the slots), then the reference picture of background reproduction.
 */
export function inputsOf(
  tool: GenerationTool,
  slots: Slot[],
  images: Record<string, string[]>,
  modelUrl: string | null,
  referenceUrl: string | null,
): string[] {
  const out: string[] = [];
  for (const slot of slots) {
    if (slot.key === 'person' && tool.model === 'person' && modelUrl) out.push(modelUrl);
    else out.push(...(images[slot.key] ?? []));
  }
  if (tool.model === 'extra' && modelUrl) out.push(modelUrl);
  if (referenceUrl) out.push(referenceUrl);
  return out;
}

/** What is still missing before generating, as a `generation` key, or null. */
export function missingOf(
  tool: GenerationTool,
  slots: Slot[],
  images: Record<string, string[]>,
  hasModel: boolean,
): string | null {
  for (const [i, slot] of slots.entries()) {
    const stands = tool.model === 'person' && hasModel && slot.key === 'person';
    if (slot.required && !stands && !(images[slot.key]?.length ?? 0)) return i === 0 ? 'needImage' : 'needGarment';
  }
  return null;
}
