import { taskCost } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECIPE, itemInputs, type Recipe, recipeParams, secondSpec } from './recipes.ts';

const item = (url: string, extra: string[] = []) => ({ name: url, url, extra: extra.map((u) => ({ name: u, url: u })) });
const shared = { name: 'm', url: '/m.png' };
const recipe = (patch: Partial<Recipe>, ai: Partial<Recipe['ai']> = {}): Recipe => ({
  ...DEFAULT_RECIPE,
  ...patch,
  ai: { ...DEFAULT_RECIPE.ai, ...ai },
});

describe('batch recipes: each item is the single task of its tool', () => {
  it('try-on: the person first (shared or the item’s own), then the garment; missing person holds the item', () => {
    const r = recipe({ kind: 'ai:tryon' }, { tryonType: 'set' });
    expect(secondSpec(r)).toMatchObject({ role: 'person', required: true, shared: true, perItem: true });
    expect(itemInputs(r, item('/g1.png'), shared, false)).toEqual(['/m.png', '/g1.png']);
    expect(itemInputs(r, item('/g1.png', ['/p1.png']), shared, true)).toEqual(['/p1.png', '/g1.png']);
    expect(itemInputs(r, item('/g1.png'), null, false)).toBeNull();
    expect(itemInputs(r, item('/g1.png'), shared, true)).toBeNull();
    const { bizType, params } = recipeParams(r);
    expect([bizType, params.tryonType]).toEqual(['TRY_ON', 'set']);
    expect(taskCost(bizType, params, 2)).toBe(20);
  });

  it('custom publicity: the product, then the custom model; custom likeness: the item and its further pictures', () => {
    const publicity = recipe({ kind: 'ai:customizedPublicity' });
    expect(itemInputs(publicity, item('/bag.png'), shared, false)).toEqual(['/bag.png', '/m.png']);
    const likeness = recipe({ kind: 'ai:customizedModels' });
    expect(secondSpec(likeness)).toMatchObject({ role: 'likeness', required: false, max: 3 });
    expect(itemInputs(likeness, item('/a.png'), null, true)).toEqual(['/a.png']);
    expect(itemInputs(likeness, item('/a.png', ['/b.png', '/c.png']), null, true)).toEqual(['/a.png', '/b.png', '/c.png']);
  });

  it('background reproduction: the product, then the one reference, locally or in an AI tool', () => {
    const local = recipe({ kind: 'reproduction', mode: 'STYLE_IMITATION' });
    expect(recipeParams(local)).toEqual({ bizType: 'PRODUCT_REPLACE_IMAGE', params: { mode: 'STYLE_IMITATION', genNum: 1 } });
    expect(itemInputs(local, item('/p.png'), shared, false)).toEqual(['/p.png', '/m.png']);
    expect(itemInputs(local, item('/p.png'), null, false)).toBeNull();
    const ai = recipe({ kind: 'ai:aiProductImage' }, { scene: 'reproduction' });
    expect(recipeParams(ai).params).toMatchObject({ mode: 'ACCURATE_REPLICATION' });
    expect(recipeParams(ai).params.scene).toBeUndefined();
    expect(itemInputs(ai, item('/p.png'), shared, false)).toEqual(['/p.png', '/m.png']);
    // Without reproduction the product tool takes the product alone.
    expect(itemInputs(recipe({ kind: 'ai:aiProductImage' }), item('/p.png'), shared, false)).toEqual(['/p.png']);
  });

  it('carries the house look’s expression into every item’s scene prompt (issue 47)', () => {
    const params = recipeParams(recipe({ kind: 'ai:modelPhotoNew' }, { scene: 'street', expression: 'smile' })).params;
    expect(params.scene).toMatch(/gentle smile$/);
    expect(recipeParams(recipe({ kind: 'ai:modelPhotoNew' }, { scene: 'street' })).params.scene).not.toMatch(/smile/);
  });
});
