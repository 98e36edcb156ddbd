import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type LibraryModel = Schema<'LibraryModel'>;
export type HouseLook = Schema<'HouseLook'>;
export type ModelScope = LibraryModel['scope'];

export const MODELS_KEY = ['model-library'] as const;

/** The model library API (docs/engines.md "Model library"). */
export const modelLibraryApi = {
  list: (query: { scope?: ModelScope; tag?: string; q?: string; pageNum?: number; pageSize?: number }) =>
    api.GET('/api/model-library', { params: { query: { pageNum: 1, pageSize: 48, ...query } } }),
  create: (body: {
    name: string;
    look: string;
    tags: string[];
    licence: string;
    consent?: string;
    picture: string;
    scope?: ModelScope;
  }) => api.POST('/api/model-library', { body }),
  remove: (modelId: string) => api.DELETE('/api/model-library/{modelId}', { params: { path: { modelId } } }),
  /** The model's picture as the user's own file (a task input). */
  use: (modelId: string) => api.POST('/api/model-library/{modelId}/use', { params: { path: { modelId } } }),
  /** The member's house look (fixed model, expression and scene), null when none is saved. */
  houseLook: () => api.GET('/api/model-library/house-look'),
  saveHouseLook: (body: {
    modelId: string | null;
    expression: HouseLook['expression'];
    sceneId: string | null;
    customScene: string;
  }) => api.PUT('/api/model-library/house-look', { body }),
};

export const HOUSE_LOOK_KEY = ['model-library', 'house-look'] as const;

/** The model a tool dresses: a library model (its id) or the user's own picture; `url` is the task input. */
export interface ChosenModel {
  id?: string;
  name: string;
  url: string;
  preview: string;
}
