import crypto from 'node:crypto';
import type { Config } from '../../platform/config.ts';
import { configuredProviders } from './index.ts';
import { type CostCurrency, PROVIDER_KEYS, type ProviderName, type ProviderPicture } from './provider.ts';

/**
 * Model figures made from a description alone, for the operators' starter model library
 * (studio/model-library/starter.ts): the providers whose API makes a whole new person from words,
 * with no reference picture. FASHN's `model-create` does ("prompt" required, "image_reference"
 * optional, 1 credit per image: docs.fashn.ai "Model Create"); DashScope and fal as adapted here
 * only re-stage a picture they are given.
 */
const FIGURE_MODELS: Partial<Record<ProviderName, string>> = { fashn: 'model-create' };

/** The settings any one of which lets this build make figures (FASHN_API_KEY). */
export const FIGURE_KEYS: readonly string[] = (Object.keys(FIGURE_MODELS) as ProviderName[]).map((p) => PROVIDER_KEYS[p]);

export interface MadeFigure {
  picture: ProviderPicture;
  provider: ProviderName;
  model: string;
  /** What the provider charged, in its currency (null: unknown). */
  cost: number | null;
  currency: CostCurrency;
  providerTaskId: string;
}

export interface FigureMaker {
  provider: ProviderName;
  model: string;
  /** One full-body figure at 3:4 from the description. */
  make(description: string, signal: AbortSignal): Promise<MadeFigure>;
}

/** The first keyed provider that makes figures from words, or null (then FIGURE_KEYS says which key would). */
export function figureMaker(config: Config): FigureMaker | null {
  const provider = configuredProviders(config).find((p) => FIGURE_MODELS[p.name]);
  const model = provider && FIGURE_MODELS[provider.name];
  if (!provider || !model) return null;
  return {
    provider: provider.name,
    model,
    async make(description, signal) {
      const result = await provider.run({
        taskId: `figure-${crypto.randomUUID()}`,
        bizType: 'CUSTOMIZED_MODEL',
        model,
        params: { scene: description, ratio: '3:4', genNum: 1 },
        extra: {},
        images: [],
        signal,
        progress: () => undefined,
      });
      const picture = result.pictures[0];
      if (!picture) throw new Error(`${provider.name} made no figure`);
      return {
        picture,
        provider: provider.name,
        model: result.model ?? model,
        cost: result.cost,
        currency: result.currency,
        providerTaskId: result.providerTaskId,
      };
    },
  };
}
