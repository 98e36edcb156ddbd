import {
  BACKGROUND_COLORS,
  DENOISING_STRENGTH_DEFAULT,
  ERODE_SIZE_DEFAULT,
  type Expression,
  GEN_MODES,
  GENERATION_GEN_NUM_MAX,
  RATIOS,
  type Ratio,
  sceneWithExpression,
  TRYON_TYPES,
  type TryonType,
} from '@productimage/core';
import type { ChosenModel } from '../../model-library/ModelPicker.tsx';
import type { UploadedImage } from '../common/useImageUploader.ts';
import { type GenerationTool, SCENE_PROMPTS, type SceneId } from './toolConfigs.ts';

/** Everything one generation tool page holds (kept in the undo history with each result). */
export interface GenerationSettings {
  images: Record<string, UploadedImage[]>;
  tab: 'recommended' | 'custom' | 'reproduction';
  sceneId: SceneId;
  customScene: string;
  reference: UploadedImage | null;
  mode: (typeof GEN_MODES)[number];
  removeSubject: boolean;
  backgroundColor: string | null;
  model: ChosenModel | null;
  /** The model's expression (house look, issue 47): its words join the scene prompt. Absent in older history. */
  expression?: Expression | null;
  tryonType: TryonType;
  genNum: number;
  ratio: Ratio;
  denoisingStrength: number;
  erodeSize: number;
  strength: number;
  scale: number;
  templateId: string | null;
  /** The redraw mask (PNG data URL) and the picture it was painted over. */
  mask: string | null;
  maskFor?: string | null;
}

/** The task parameters (core generationParams / tryOnParams) of the page's settings. */
export function toParams(tool: GenerationTool, s: GenerationSettings): Record<string, unknown> {
  const reproduction = tool.reproduction && s.tab === 'reproduction';
  const scene = sceneWithExpression(
    s.tab === 'custom' ? s.customScene.trim() : s.tab === 'recommended' ? SCENE_PROMPTS[s.sceneId] : undefined,
    tool.model ? s.expression : null,
  );
  return {
    ...(scene ? { scene } : {}),
    genNum: tool.bizType === 'TRY_ON' ? 4 : s.genNum,
    ratio: s.ratio,
    ...(reproduction ? { mode: s.mode, removeSubject: s.removeSubject } : {}),
    ...(s.backgroundColor && !reproduction ? { backgroundColor: s.backgroundColor } : {}),
    denoisingStrength: s.denoisingStrength,
    erodeSize: s.erodeSize,
    strength: s.strength,
    scale: s.scale,
    ...(s.model?.id ? { modelId: s.model.id } : {}),
    ...(s.templateId ? { templateId: s.templateId } : {}),
    ...(tool.bizType === 'TRY_ON' ? { tryonType: s.tryonType } : {}),
    ...(s.mask ? { mask: s.mask } : {}),
  };
}

const num = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/**
 * A template's parameters over the page's settings (the pictures stay): a scene that is one of the
 * tool's recommended ones selects it, any other becomes the custom scene. Values out of range are
 * clamped, unknown ones ignored (templates are saved by users, read by every tool).
 */
export function settingsFromTemplate(
  tool: GenerationTool,
  prev: GenerationSettings,
  template: { templateId: string; params: Record<string, unknown> },
): GenerationSettings {
  const p = template.params;
  const scene = typeof p.scene === 'string' ? p.scene : '';
  const sceneId = (Object.keys(SCENE_PROMPTS) as SceneId[]).find((id) => SCENE_PROMPTS[id] === scene);
  const mode = typeof p.mode === 'string' && tool.reproduction ? oneOf(GEN_MODES, p.mode, prev.mode) : null;
  const color = typeof p.backgroundColor === 'string' ? p.backgroundColor.toUpperCase() : null;
  return {
    ...prev,
    tab: mode ? 'reproduction' : sceneId || !scene ? 'recommended' : 'custom',
    sceneId: sceneId && tool.scenes.includes(sceneId) ? sceneId : prev.sceneId,
    customScene: sceneId ? prev.customScene : scene,
    mode: mode ?? prev.mode,
    removeSubject: p.removeSubject === true,
    backgroundColor: color && (BACKGROUND_COLORS as readonly string[]).includes(color) ? color : null,
    tryonType: oneOf(TRYON_TYPES, p.tryonType, prev.tryonType),
    genNum: num(p.genNum, 1, GENERATION_GEN_NUM_MAX, prev.genNum),
    ratio: oneOf(RATIOS, p.ratio, prev.ratio),
    denoisingStrength: num(p.denoisingStrength, 0, 1, DENOISING_STRENGTH_DEFAULT),
    erodeSize: num(p.erodeSize, 0, 32, ERODE_SIZE_DEFAULT),
    strength: num(p.strength, 0, 100, 33),
    scale: num(p.scale, 0, 100, 0),
    templateId: template.templateId,
  };
}
