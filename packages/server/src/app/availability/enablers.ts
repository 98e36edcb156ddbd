import { HOT_ARTICLE_REWRITE, HOT_PIC_REWRITE, HOT_VIDEO_REWRITE, MKT_CONTENT } from '@productimage/core';
import { isTrialOnly, PROVIDER_KEYS, providerCatalogue } from '../../engines/ai-photo/index.ts';
import { createLocalEngine } from '../../engines/local/index.ts';
import { OPENAI_IMAGE_TYPES } from '../../engines/openai-images/index.ts';

/** The images API's two settings, written as operators set them. */
const IMAGES_API = 'IMAGE_API_BASE_URL + IMAGE_API_MODEL';
const CHAT_MODEL = 'LLM_BASE_URL + LLM_MODEL';
const LOCAL = 'ENGINES=local';

/**
 * What turns each business type on in this build, as the settings an operator sets (docs/configuration.md):
 * each entry one alternative, the dedicated providers first (the order their engines are routed in,
 * app/engine-catalogue.ts). What needs more than a setting (ComfyUI's workflows) is not listed.
 */
function settingsByType(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (bizType: string, setting: string) => {
    const list = out.get(bizType) ?? [];
    if (!list.includes(setting)) list.push(setting);
    out.set(bizType, list);
  };
  // A provider whose model for the type is sold for a free trial only (DashScope's shoes) is no way to turn a paid tool on.
  for (const { provider, serves } of providerCatalogue())
    for (const [type, model] of Object.entries(serves)) if (!isTrialOnly(model)) add(type, PROVIDER_KEYS[provider]);
  for (const type of Object.keys(OPENAI_IMAGE_TYPES)) add(type, IMAGES_API);
  for (const type of createLocalEngine().bizTypes) add(type, LOCAL);
  for (const type of [MKT_CONTENT, HOT_ARTICLE_REWRITE, HOT_VIDEO_REWRITE]) add(type, CHAT_MODEL);
  // Picture rewrites: the images API edits the original, or the local background engine redraws it.
  add(HOT_PIC_REWRITE, IMAGES_API);
  add(HOT_PIC_REWRITE, LOCAL);
  return out;
}

let table: Map<string, string[]> | null = null;

/** For each business type no configured engine makes: the settings any one of which would make it. */
export function enablersOf(available: ReadonlySet<string>): Record<string, string[]> {
  table ??= settingsByType();
  const out: Record<string, string[]> = {};
  for (const [type, settings] of table) if (!available.has(type)) out[type] = settings;
  return out;
}
