import type { ApiBody, ApiData, Schema } from '@productimage/core';
import { STORAGE_KEYS } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type KosAccount = Schema<'KosAccount'>;
export type KosPersona = Schema<'KosPersona'>;
export type KosTopic = Schema<'KosTopic'>;
export type TrackedAccount = Schema<'KosTrackedAccount'>;
export type TrackedDetail = Schema<'KosTrackedDetail'>;
export type ImportResult = Schema<'KosImportResult'>;
export type KosPlatform = KosAccount['platform'];
export type TopicStatus = KosTopic['status'];
export type Person = ApiData<'get', '/api/kos/people'>[number];

export const TOPIC_STATUSES: TopicStatus[] = ['planned', 'writing', 'published', 'dropped'];
export const KOS_KEY = ['kos'] as const;
export { KOS_PLATFORMS } from '@productimage/core';

/** What the forms send: the request bodies of the API, every field filled. */
export type PersonaInput = Required<ApiBody<'post', '/api/kos/personas'>>;
export type AccountInput = Required<ApiBody<'post', '/api/kos/accounts'>>;
export type TopicInput = Required<ApiBody<'post', '/api/kos/topics'>>;

export const kosApi = {
  personas: () => api.GET('/api/kos/personas'),
  createPersona: (body: PersonaInput) => api.POST('/api/kos/personas', { body }),
  updatePersona: (id: string, body: PersonaInput) =>
    api.PUT('/api/kos/personas/{personaId}', { params: { path: { personaId: Number(id) } }, body }),
  deletePersona: (id: string) => api.DELETE('/api/kos/personas/{personaId}', { params: { path: { personaId: Number(id) } } }),
  accounts: () => api.GET('/api/kos/accounts'),
  people: () => api.GET('/api/kos/people'),
  createAccount: (body: AccountInput) => api.POST('/api/kos/accounts', { body }),
  updateAccount: (id: string, body: AccountInput) =>
    api.PUT('/api/kos/accounts/{accountId}', { params: { path: { accountId: Number(id) } }, body }),
  deleteAccount: (id: string) => api.DELETE('/api/kos/accounts/{accountId}', { params: { path: { accountId: Number(id) } } }),
  topics: (query: { accountId?: number; month?: string }) => api.GET('/api/kos/topics', { params: { query } }),
  createTopic: (body: TopicInput) => api.POST('/api/kos/topics', { body }),
  updateTopic: (id: string, body: TopicInput) =>
    api.PUT('/api/kos/topics/{topicId}', { params: { path: { topicId: Number(id) } }, body }),
  deleteTopic: (id: string) => api.DELETE('/api/kos/topics/{topicId}', { params: { path: { topicId: Number(id) } } }),
  tracked: () => api.GET('/api/kos/monitoring/accounts'),
  trackedDetail: (platform: KosPlatform, handle: string) =>
    api.GET('/api/kos/monitoring/detail', { params: { query: { platform, handle } } }),
  importFile: (file: File) => api.upload(file, file.name, '/api/kos/monitoring/import') as unknown as Promise<ImportResult>,
  importText: (text: string) => api.post<ImportResult>('/api/kos/monitoring/import', { text }),
};

/**
 * The persona the user writes as, kept locally (spec 000 §3 "a persona flag"): a persona id, or "0"
 * when the user chose "later" on the first visit. The content generators send it as personaId.
 */
export const myPersona = {
  get: (): string | null => localStorage.getItem(STORAGE_KEYS.persona),
  set: (personaId: string) => localStorage.setItem(STORAGE_KEYS.persona, personaId),
};
