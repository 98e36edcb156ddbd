import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillWorkflow, loadWorkflows } from './workflows.ts';

const graph = {
  '1': { class_type: 'LoadImage', inputs: { image: 'x.png' } },
  '2': { class_type: 'KSampler', inputs: { seed: 0, denoise: 1 } },
  '3': { class_type: 'SaveImage', inputs: { images: ['2', 0] } },
};

function folder(files: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comfy-wf-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(body));
  return dir;
}

describe('ComfyUI workflows an operator swaps in', () => {
  it('makes exactly the business types of a folder, filling the mapped inputs', () => {
    const dir = folder({
      'PET_IMAGE_CUSTOMIZED.json': graph,
      'PET_IMAGE_CUSTOMIZED.map.json': { inputs: [['1', 'image']], seed: ['2', 'seed'] },
    });
    const workflows = loadWorkflows(dir);
    expect([...workflows.keys()]).toEqual(['PET_IMAGE_CUSTOMIZED']);
    const filled = fillWorkflow(workflows.get('PET_IMAGE_CUSTOMIZED')!, { images: ['t-0.png'], seed: 7, denoise: 0.5 });
    expect(filled['1']!.inputs.image).toBe('t-0.png');
    expect(filled['2']!.inputs).toEqual({ seed: 7, denoise: 1 });
    // The stored workflow is not changed by filling it.
    expect(graph['1'].inputs.image).toBe('x.png');
  });

  it('refuses a map that names a node the workflow lacks, or a workflow without its map', () => {
    expect(() => loadWorkflows(folder({ 'TRY_ON.json': graph, 'TRY_ON.map.json': { prompt: ['9', 'text'] } }))).toThrow(/node 9/);
    expect(() => loadWorkflows(folder({ 'TRY_ON.json': graph }))).toThrow();
  });

  it('ships a workflow for every diffusion tool whose map fits its graph', () => {
    expect([...loadWorkflows().keys()].sort()).toEqual([
      'CUSTOMIZED_MODEL',
      'MANNEQUIN_IMAGE',
      'MODEL_IMAGE_NEW',
      'PET_IMAGE_CUSTOMIZED',
      'PRODUCT_IMAGE',
      'SHOES_IMAGE',
      'TRY_ON',
      'WIG_IMAGE',
    ]);
  });
});
