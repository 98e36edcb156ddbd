import {
  BACKGROUND_COLORS,
  DENOISING_STRENGTH_DEFAULT,
  ERODE_SIZE_DEFAULT,
  type Expression,
  type GEN_MODES,
  GENERATION_GEN_NUM_DEFAULT,
  type ImageBizType,
  type Ratio,
  REFERENCE_BACKGROUNDS,
  type TRYON_TYPES,
  taskCost,
} from '@productimage/core';
import type { ChosenModel } from '../model-library/modelLibraryApi.ts';
import { type GenerationSettings, toParams } from '../tools/generation/settings.ts';
import { GENERATION_TOOLS, type GenerationTool, inputsOf, type SceneId } from '../tools/generation/toolConfigs.ts';

/**
 * The batch studio's recipes (docs/batches.md): a tool with its settings, and what each item's
 * task takes. Every item becomes exactly the inputs and params the tool's own page would send for
 * one picture (`toParams`, `inputsOf` of the generation tools), so the server checks and prices a
 * batch item as that single task.
 */

export type LocalKind = 'white' | 'colour' | 'scene' | 'cutout' | 'reproduction';
export type RecipeKind = LocalKind | `ai:${string}`;
export const LOCAL_KINDS: LocalKind[] = ['white', 'colour', 'scene', 'cutout', 'reproduction'];

/** Every AI photography tool runs as a batch; the custom figure only where its global flag is on. */
export function batchAiTools(customizedImage: boolean): GenerationTool[] {
  return GENERATION_TOOLS.filter((tool) => customizedImage || tool.bizType !== 'PET_IMAGE_CUSTOMIZED');
}

export interface AiRecipe {
  /** A recommended scene of the tool, 'custom' for the text below, or background reproduction. */
  scene: SceneId | 'custom' | 'reproduction';
  customScene: string;
  ratio: Ratio;
  genNum: number;
  /** The chosen model of the tools that add one after the product (mannequin, model photo, wig, shoes). */
  model: ChosenModel | null;
  /** The model's expression (the member's house look, issue 47): applied to every item. */
  expression: Expression | null;
  tryonType: (typeof TRYON_TYPES)[number];
}

export interface Recipe {
  kind: RecipeKind;
  colour: string;
  scene: (typeof REFERENCE_BACKGROUNDS)[number];
  shadow: boolean;
  mode: (typeof GEN_MODES)[number];
  ai: AiRecipe;
}

export const DEFAULT_RECIPE: Recipe = {
  kind: 'white',
  colour: BACKGROUND_COLORS[1],
  scene: REFERENCE_BACKGROUNDS[0],
  shadow: true,
  mode: 'ACCURATE_REPLICATION',
  ai: {
    scene: 'studio',
    customScene: '',
    ratio: 'original',
    genNum: GENERATION_GEN_NUM_DEFAULT,
    model: null,
    expression: null,
    tryonType: 'set',
  },
};

export const aiToolOf = (kind: RecipeKind) =>
  kind.startsWith('ai:') ? GENERATION_TOOLS.find((tool) => `ai:${tool.id}` === kind) : undefined;

/** Whether the AI tool offers background reproduction in a batch (not with a person picture as well). */
export const offersReproduction = (tool: GenerationTool) => tool.reproduction && tool.model !== 'person';

/**
 * The picture an item needs besides its own, if any:
 * - `person`: try-on (the person wearing the garment) and custom publicity (the custom model);
 *   one for the whole set (the same look) or one per item;
 * - `reference`: background reproduction, one reference for the whole set;
 * - `likeness`: the custom-likeness tools, optional further pictures of each item's subject.
 */
export interface SecondSpec {
  role: 'person' | 'reference' | 'likeness';
  /** Label key (namespaces batches or generation). */
  label: string;
  required: boolean;
  shared: boolean;
  perItem: boolean;
  /** Pictures per item. */
  max: number;
}

export function secondSpec(r: Recipe): SecondSpec | null {
  if (r.kind === 'reproduction')
    return { role: 'reference', label: 'generation:reference', required: true, shared: true, perItem: false, max: 1 };
  const tool = aiToolOf(r.kind);
  if (!tool) return null;
  if (tool.model === 'person')
    return {
      role: 'person',
      label: tool.bizType === 'TRY_ON' ? 'generation:uploadPerson' : 'generation:uploadPublicityModel',
      required: true,
      shared: true,
      perItem: true,
      max: 1,
    };
  const slot = tool.slots('split')[0];
  if (slot?.max)
    return { role: 'likeness', label: 'batches:moreLikeness', required: false, shared: false, perItem: true, max: slot.max - 1 };
  if (offersReproduction(tool) && r.ai.scene === 'reproduction')
    return { role: 'reference', label: 'generation:reference', required: true, shared: true, perItem: false, max: 1 };
  return null;
}

/** The AI tool's task parameters, as its own page would send them for these settings. */
function aiParams(tool: GenerationTool, ai: AiRecipe, mode: Recipe['mode']): Record<string, unknown> {
  const reproduction = ai.scene === 'reproduction' && offersReproduction(tool);
  const scene = ai.scene === 'custom' || ai.scene === 'reproduction' ? (tool.scenes[0] as SceneId) : ai.scene;
  const settings: GenerationSettings = {
    images: {},
    tab: reproduction ? 'reproduction' : ai.scene === 'custom' ? 'custom' : 'recommended',
    sceneId: scene,
    customScene: ai.customScene,
    reference: null,
    mode,
    removeSubject: false,
    backgroundColor: null,
    model: tool.model === 'extra' ? ai.model : null,
    expression: ai.expression,
    tryonType: ai.tryonType,
    genNum: ai.genNum,
    ratio: ai.ratio,
    denoisingStrength: DENOISING_STRENGTH_DEFAULT,
    erodeSize: ERODE_SIZE_DEFAULT,
    strength: 33,
    scale: 0,
    templateId: null,
    mask: null,
  };
  return toParams(tool, settings);
}

/** The recipe's business type and params (the same for every item). */
export function recipeParams(r: Recipe): { bizType: ImageBizType; params: Record<string, unknown> } {
  const tool = aiToolOf(r.kind);
  if (tool) return { bizType: tool.bizType, params: aiParams(tool, r.ai, r.mode) };
  if (r.kind === 'cutout') return { bizType: 'MATTING_IMAGE', params: {} };
  // As the background reproduction page: the reference is the last input.
  if (r.kind === 'reproduction') return { bizType: 'PRODUCT_REPLACE_IMAGE', params: { mode: r.mode, genNum: 1 } };
  if (r.kind === 'scene') return { bizType: 'PRODUCT_REPLACE_IMAGE', params: { reference: r.scene, shadow: r.shadow } };
  return {
    bizType: 'PRODUCT_REPLACE_IMAGE',
    params: { backgroundColor: r.kind === 'white' ? '#FFFFFF' : r.colour, shadow: r.shadow },
  };
}

export interface Picture {
  name: string;
  url: string;
}
export interface BatchItemDraft extends Picture {
  /** The item's own second pictures (a person per item, more likeness pictures). */
  extra: Picture[];
}

/**
 * One item's inputs in the order the tool reads them, or null while a required picture is missing.
 * `shared` is the one second picture for the whole set (when the recipe uses one).
 */
export function itemInputs(r: Recipe, item: BatchItemDraft, shared: Picture | null, perItem: boolean): string[] | null {
  const spec = secondSpec(r);
  const useShared = !!spec?.shared && !(perItem && spec.perItem);
  const second = !spec ? [] : useShared ? (shared ? [shared.url] : []) : item.extra.slice(0, spec.max).map((p) => p.url);
  if (spec?.required && second.length === 0) return null;
  const tool = aiToolOf(r.kind);
  if (!tool) return [item.url, ...(r.kind === 'reproduction' ? second : [])];
  const slots = tool.slots(r.ai.tryonType);
  // The item's picture fills the tool's first slot that is not the person (the garment, the product).
  const slot = slots.find((s) => s.key !== 'person') ?? slots[0];
  const images: Record<string, string[]> = { [slot?.key ?? 'subject']: [item.url] };
  if (spec?.role === 'person') images.person = second;
  if (spec?.role === 'likeness') images[slot?.key ?? 'likeness'] = [item.url, ...second];
  const used = slots.filter((s) => s.required || images[s.key]);
  const model = tool.model === 'extra' ? (r.ai.model?.url ?? null) : null;
  return inputsOf(tool, used, images, model, spec?.role === 'reference' ? (second[0] ?? null) : null);
}

/** What every item costs, priced as the single task (core taskCost); null entries are items still missing a picture. */
export function batchCost(r: Recipe, inputs: Array<string[] | null>): { total: number; each: number[] } {
  const { bizType, params } = recipeParams(r);
  // An item still missing its picture is priced as it will be once it has it.
  const full = inputs.find((i) => i)?.length ?? (secondSpec(r)?.required ? 2 : 1);
  const each = inputs.map((i) => taskCost(bizType, params, i?.length ?? full));
  return { total: each.reduce((a, b) => a + b, 0), each };
}
