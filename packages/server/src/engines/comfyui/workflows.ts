import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * ComfyUI workflows, one per business type: `<BIZ_TYPE>.json` is a workflow in ComfyUI's API format
 * (the "Save (API Format)" export: node id -> { class_type, inputs }), and `<BIZ_TYPE>.map.json`
 * names the node inputs the adapter sets, so an operator swaps in their own workflow by replacing the
 * two files (or pointing COMFYUI_WORKFLOW_DIR at a folder of them), without code changes.
 */
const nodeInput = z.tuple([z.string(), z.string()]);
export const workflowMapSchema = z.object({
  /** Where the task's input pictures go, in order: [node id, input name] (the uploaded file name). */
  inputs: z.array(nodeInput).default([]),
  prompt: nodeInput.optional(),
  seed: nodeInput.optional(),
  /** [node id, width input, height input]. */
  size: z.tuple([z.string(), z.string(), z.string()]).optional(),
  /** How many pictures one run makes (batch size). */
  count: nodeInput.optional(),
  denoise: nodeInput.optional(),
  /**
   * Where the task's redraw mask goes (a LoadImage node's `image`: ComfyUI reads its alpha as the
   * MASK, 1 where transparent). Without it the workflow cannot take a mask and such tasks are refused.
   */
  mask: nodeInput.optional(),
});
export type WorkflowMap = z.infer<typeof workflowMapSchema>;

export type ApiWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface Workflow {
  bizType: string;
  graph: ApiWorkflow;
  map: WorkflowMap;
}

export const BUILT_IN_WORKFLOWS = path.join(import.meta.dirname, 'workflows');

/** Reads every `<TYPE>.json` with its `<TYPE>.map.json`; a map naming a node the graph lacks is an error. */
export function loadWorkflows(dir: string = BUILT_IN_WORKFLOWS): Map<string, Workflow> {
  const found = new Map<string, Workflow>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json') || file.endsWith('.map.json')) continue;
    const bizType = file.slice(0, -'.json'.length);
    const graph = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ApiWorkflow;
    const map = workflowMapSchema.parse(JSON.parse(readFileSync(path.join(dir, `${bizType}.map.json`), 'utf8')));
    const ids = [
      ...map.inputs.map((i) => i[0]),
      map.prompt?.[0],
      map.seed?.[0],
      map.size?.[0],
      map.count?.[0],
      map.denoise?.[0],
      map.mask?.[0],
    ];
    for (const id of ids)
      if (id !== undefined && !graph[id]) throw new Error(`${file}: the map names node ${id}, which the workflow lacks`);
    found.set(bizType, { bizType, graph, map });
  }
  return found;
}

/** What a task sets in a workflow (taken from its parameters, spec 001 §3). */
export interface WorkflowValues {
  /** ComfyUI file names of the uploaded inputs, in the task's order. */
  images: string[];
  prompt?: string;
  seed: number;
  width?: number;
  height?: number;
  count?: number;
  denoise?: number;
  /** ComfyUI file name of the uploaded redraw mask. */
  mask?: string;
}

/** A copy of the graph with the task's values written into the mapped inputs. */
export function fillWorkflow(workflow: Workflow, values: WorkflowValues): ApiWorkflow {
  const graph = structuredClone(workflow.graph);
  // loadWorkflows checked that every mapped node exists.
  const node = (id: string) => graph[id] as ApiWorkflow[string];
  const set = (target: readonly [string, string] | undefined, value: unknown) => {
    if (target && value !== undefined) node(target[0]).inputs[target[1]] = value;
  };
  for (const [i, target] of workflow.map.inputs.entries()) set(target, values.images[i] ?? values.images[0]);
  // The task's words (its scene) follow the workflow's own prompt, which says what the type makes.
  if (workflow.map.prompt && values.prompt) {
    const target = node(workflow.map.prompt[0]).inputs;
    const own = target[workflow.map.prompt[1]];
    target[workflow.map.prompt[1]] = typeof own === 'string' && own.trim() ? `${own}, ${values.prompt}` : values.prompt;
  }
  set(workflow.map.seed, values.seed);
  set(workflow.map.count, values.count);
  set(workflow.map.denoise, values.denoise);
  set(workflow.map.mask, values.mask);
  if (workflow.map.size && values.width && values.height) {
    node(workflow.map.size[0]).inputs[workflow.map.size[1]] = values.width;
    node(workflow.map.size[0]).inputs[workflow.map.size[2]] = values.height;
  }
  return graph;
}
