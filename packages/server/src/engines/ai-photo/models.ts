import { DASHSCOPE_SERVES } from './dashscope/provider.ts';
import { FAL_SERVES } from './fal/provider.ts';
import { FASHN_SERVES } from './fashn/provider.ts';
import type { ProviderName } from './provider.ts';

/**
 * Each provider's models as the console offers them, with `trialOnly` where the provider sells no
 * paid use (issue 45), so no paid tool is routed to a model that stops after its free quota:
 *
 * - DashScope: `shoemodel-v1` ("仅提供免费体验，免费额度用完后不可调用且不支持付费",
 *   help.aliyun.com/zh/model-studio/developer-reference/shoe-model-api), `wanx-virtualmodel` and
 *   `virtualmodel-v2` ("available for a free trial only ... paid usage is not supported",
 *   help.aliyun.com/en/model-studio/virtual-model-api-details; Alibaba points to the Wan / Qwen
 *   image-edit models instead). The adapter drives shoemodel-v1; the two virtual-model names are
 *   listed so an operator who types them is warned.
 * - FASHN and fal sell every model listed here per use.
 */
export interface ModelInfo {
  model: string;
  trialOnly: boolean;
}

const TRIAL_ONLY: ReadonlySet<string> = new Set(['shoemodel-v1', 'wanx-virtualmodel', 'virtualmodel-v2']);

const EXTRA: Record<ProviderName, string[]> = {
  fashn: ['tryon-v1.6', 'product-to-model', 'background-change', 'model-swap', 'model-create'],
  dashscope: [
    'aitryon',
    'aitryon-plus',
    'wanx2.1-imageedit',
    'wanx-background-generation-v2',
    'shoemodel-v1',
    'wanx-virtualmodel',
    'virtualmodel-v2',
  ],
  fal: ['fal-ai/fashn/tryon/v1.6', 'fal-ai/flux-pro/kontext'],
};

const SERVES: Record<ProviderName, Record<string, string>> = {
  fashn: FASHN_SERVES,
  dashscope: DASHSCOPE_SERVES,
  fal: FAL_SERVES,
};

export const isTrialOnly = (model: string) => TRIAL_ONLY.has(model);

/** The models of a provider, its defaults first. */
export function modelsOf(provider: ProviderName): ModelInfo[] {
  const names = [...new Set([...Object.values(SERVES[provider]), ...EXTRA[provider]])];
  return names.map((model) => ({ model, trialOnly: isTrialOnly(model) }));
}
