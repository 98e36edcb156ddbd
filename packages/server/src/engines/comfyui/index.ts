import type { Config } from '../../platform/config.ts';
import type { EngineSpec } from '../registry.ts';
import { type ComfyEngine, createComfyEngine } from './engine.ts';
import { loadWorkflows } from './workflows.ts';

export { type ComfyEngine, type ComfyServerHealth, createComfyEngine } from './engine.ts';
export { ImageEngineError } from './http.ts';

/**
 * Builds the `comfyui` engine from its ENGINES entry: `comfyui=http://a:8188|http://b:8188` lists the
 * servers (separated by `|`, since ENGINES itself is comma-separated); work goes to the least busy.
 */
export function buildComfyEngine(spec: EngineSpec, config: Config): ComfyEngine {
  const servers = (spec.url ?? '')
    .split('|')
    .map((url) => url.trim())
    .filter(Boolean);
  return createComfyEngine({
    servers,
    workflows: loadWorkflows(config.COMFYUI_WORKFLOW_DIR),
    timeoutMs: config.COMFYUI_TIMEOUT_MS,
  });
}
