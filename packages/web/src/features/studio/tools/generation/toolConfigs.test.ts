import { generationParams, inputRules, TRYON_TYPES, tryOnParams } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { type GenerationSettings, settingsFromTemplate, toParams } from './settings.ts';
import { GENERATION_TOOLS, inputsOf, missingOf, SCENE_PROMPTS, toolByPath } from './toolConfigs.ts';

const tryon = toolByPath('/tryon')!;
const modelPhoto = toolByPath('/model-photo-new/')!;
const publicity = toolByPath('/customized-publicity')!;

const base: GenerationSettings = {
  images: {},
  tab: 'recommended',
  sceneId: 'studio',
  customScene: '',
  reference: null,
  mode: 'ACCURATE_REPLICATION',
  removeSubject: false,
  backgroundColor: null,
  model: null,
  tryonType: 'split',
  genNum: 2,
  ratio: 'original',
  denoisingStrength: 0.55,
  erodeSize: 3,
  strength: 33,
  scale: 0,
  templateId: null,
  mask: null,
};

describe('the diffusion tools’ inputs', () => {
  it('orders try-on pictures person, top, bottom, and lets a library model stand in for the person', () => {
    const slots = tryon.slots('split');
    const images = { person: ['/p'], top: ['/t'], bottom: ['/b'] };
    expect(inputsOf(tryon, slots, images, null, null)).toEqual(['/p', '/t', '/b']);
    expect(inputsOf(tryon, slots, { top: ['/t'] }, '/m', null)).toEqual(['/m', '/t']);
    expect(missingOf(tryon, slots, { person: ['/p'] }, false)).toBe('needGarment');
    expect(missingOf(tryon, slots, {}, false)).toBe('needImage');
    expect(missingOf(tryon, slots, { top: ['/t'] }, true)).toBeNull();
    // An outfit has no bottom.
    expect(tryon.slots('set').map((s) => s.key)).toEqual(['person', 'outfit']);
  });

  it('adds a chosen model after the subject, and the reference last', () => {
    const slots = modelPhoto.slots('split');
    expect(inputsOf(modelPhoto, slots, { subject: ['/s'] }, '/m', '/r')).toEqual(['/s', '/m', '/r']);
    // Publicity: the product, then the custom model (the library model in its place).
    expect(inputsOf(publicity, publicity.slots('split'), { subject: ['/s'] }, '/m', null)).toEqual(['/s', '/m']);
  });
});

describe('the diffusion tools’ parameters', () => {
  it('sends what the server’s schemas accept: the scene prompt, try-on always 4, reproduction only on its tab', () => {
    const params = toParams(tryon, { ...base, sceneId: 'beach', backgroundColor: '#FFFFFF', tryonType: 'set' });
    expect(params).toMatchObject({ scene: SCENE_PROMPTS.beach, genNum: 4, tryonType: 'set', backgroundColor: '#FFFFFF' });
    expect(tryOnParams.safeParse(params).success).toBe(true);
    const custom = toParams(modelPhoto, { ...base, tab: 'custom', customScene: '  rainy Tokyo street ' });
    expect(custom.scene).toBe('rainy Tokyo street');
    expect(custom.mode).toBeUndefined();
    const reproduction = toParams(modelPhoto, { ...base, tab: 'reproduction', backgroundColor: '#FFFFFF', removeSubject: true });
    expect(reproduction).toMatchObject({ mode: 'ACCURATE_REPLICATION', removeSubject: true });
    expect(reproduction.backgroundColor).toBeUndefined();
    expect(reproduction.scene).toBeUndefined();
    expect(generationParams.safeParse(reproduction).success).toBe(true);
  });

  it('fills the settings from a template: a known scene picks its chip, another becomes the custom scene', () => {
    const known = settingsFromTemplate(modelPhoto, base, {
      templateId: 't1',
      params: { scene: SCENE_PROMPTS.cafe, genNum: 3, ratio: '3:4', backgroundColor: '#ffffff', denoisingStrength: 7 },
    });
    expect(known).toMatchObject({ tab: 'recommended', sceneId: 'cafe', genNum: 3, ratio: '3:4', templateId: 't1' });
    expect(known.backgroundColor).toBe('#FFFFFF');
    expect(known.denoisingStrength).toBe(1);
    const own = settingsFromTemplate(modelPhoto, base, {
      templateId: 't2',
      params: { scene: 'under cherry blossoms', ratio: 'x' },
    });
    expect(own).toMatchObject({ tab: 'custom', customScene: 'under cherry blossoms', ratio: 'original' });
    const repro = settingsFromTemplate(modelPhoto, base, { templateId: 't3', params: { mode: 'STYLE_IMITATION' } });
    expect(repro).toMatchObject({ tab: 'reproduction', mode: 'STYLE_IMITATION' });
    // A custom colour is not taken from a template (members pick those themselves).
    expect(
      settingsFromTemplate(modelPhoto, base, { templateId: 't4', params: { backgroundColor: '#123456' } }).backgroundColor,
    ).toBeNull();
  });
});

describe('the redraw mask', () => {
  it('is transparent where painted and opaque elsewhere; nothing painted is no mask', async () => {
    const { redrawMaskPixels } = await import('./redrawMask.ts');
    // Two pixels: painted (alpha 200), then untouched; a faint edge (alpha 5) does not count.
    const mask = redrawMaskPixels(new Uint8ClampedArray([35, 82, 216, 200, 0, 0, 0, 0, 35, 82, 216, 5]));
    expect(Array.from(mask!)).toEqual([0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 255]);
    expect(redrawMaskPixels(new Uint8ClampedArray([0, 0, 0, 5, 0, 0, 0, 0]))).toBeNull();
    // The page sends it as the task's mask, which the server's schema takes.
    const params = toParams(modelPhoto, { ...base, mask: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(generationParams.safeParse(params).success).toBe(true);
  });
});

describe('every tool against the server’s input rules', () => {
  it('sends no more and no fewer pictures than its business type takes, with everything filled or only the required', () => {
    for (const tool of GENERATION_TOOLS)
      for (const type of TRYON_TYPES) {
        const slots = tool.slots(type);
        const full = Object.fromEntries(
          slots.map((slot) => [slot.key, Array.from({ length: slot.max ?? 1 }, (_, i) => `/${slot.key}${i}`)]),
        );
        const least = Object.fromEntries(slots.filter((slot) => slot.required).map((slot) => [slot.key, [`/${slot.key}`]]));
        const params = { tryonType: type };
        const [min, max] = inputRules(tool.bizType, params);
        const most = inputsOf(tool, slots, full, tool.model ? '/model' : null, tool.reproduction ? '/reference' : null).length;
        const fewest = inputsOf(tool, slots, least, null, null).length;
        expect([tool.id, type, most <= max, fewest >= min]).toEqual([tool.id, type, true, true]);
      }
  });
});
