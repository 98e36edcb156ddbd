import type { ApiData, Schema } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';

export type Dataset = Schema<'KnowledgeDataset'>;

/** A source of a dataset (file, link or pasted text) with its training state (generated types). */
export type Collection = ApiData<'get', '/api/knowledge/datasets/{datasetId}/collections'>['list'][number];

export type TrainingType = Collection['trainingType'];

/** One chunk found by a dataset search (generated types). */
export type SearchHit = ApiData<'post', '/api/knowledge/search'>[number];

/** The answer of adding a source (the route's response schema; its bodies are multipart or untyped JSON). */
type AddedCollection = ApiData<'post', '/api/knowledge/datasets/{datasetId}/collections'>;

export const DATASETS_KEY = ['knowledge', 'datasets'] as const;

const datasetPath = (id: string) => ({ path: { datasetId: Number(id) } });
const collectionPath = (id: string) => ({ path: { collectionId: Number(id) } });

export const knowledgeApi = {
  datasets: () => api.GET('/api/knowledge/datasets', { params: { query: { all: '1' } } }).then((d) => d.list),
  createDataset: (name: string, intro: string, folderId: string | null) =>
    api.POST('/api/knowledge/datasets', { body: { name, intro, folderId: folderId ? Number(folderId) : null } }),
  folders: () => api.GET('/api/knowledge/folders').then((d) => d.list),
  createFolder: (name: string) => api.POST('/api/knowledge/folders', { body: { name } }),
  deleteFolder: (id: string) => api.DELETE('/api/knowledge/folders/{folderId}', { params: { path: { folderId: Number(id) } } }),
  deleteDataset: (id: string) => api.DELETE('/api/knowledge/datasets/{datasetId}', { params: datasetPath(id) }),
  collections: (id: string) =>
    api.GET('/api/knowledge/datasets/{datasetId}/collections', { params: datasetPath(id) }).then((d) => d.list),
  addFile: (datasetId: string, file: File, trainingType: TrainingType) => {
    const body = new FormData();
    // Fields first: the server reads them before the file part.
    body.append('trainingType', trainingType);
    body.append('file', file, file.name);
    return api.request<AddedCollection>('POST', `/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      body,
    });
  },
  // The JSON form of this route has no body schema (the route also takes multipart).
  addLink: (datasetId: string, url: string, trainingType: TrainingType) =>
    api.request<AddedCollection>('POST', `/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      json: { type: 'link', url, trainingType },
    }),
  addText: (datasetId: string, name: string, text: string, trainingType: TrainingType) =>
    api.request<AddedCollection>('POST', `/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      json: { type: 'text', name, text, trainingType },
    }),
  stop: (id: string) => api.POST('/api/knowledge/collections/{collectionId}/stop', { params: collectionPath(id) }),
  retry: (id: string) => api.POST('/api/knowledge/collections/{collectionId}/retry', { params: collectionPath(id) }),
  remove: (id: string) => api.DELETE('/api/knowledge/collections/{collectionId}', { params: collectionPath(id) }),
  chunks: (id: string, pageNum: number) =>
    api.GET('/api/knowledge/collections/{collectionId}/chunks', {
      params: { ...collectionPath(id), query: { pageNum, pageSize: 20 } },
    }),
  search: (datasetId: string, text: string) =>
    api.POST('/api/knowledge/search', { body: { datasetId: Number(datasetId), text, limit: 10 } }),
};

export const FOLDERS_KEY = ['knowledge', 'folders'] as const;

export function useFolders() {
  return useQuery({ queryKey: FOLDERS_KEY, queryFn: knowledgeApi.folders });
}

export function useDatasets() {
  return useQuery({ queryKey: DATASETS_KEY, queryFn: knowledgeApi.datasets });
}

/** Collections, polled while any is still processing so progress moves without a reload. */
export function useCollections(datasetId: string | null) {
  return useQuery({
    queryKey: ['knowledge', 'collections', datasetId],
    queryFn: () => knowledgeApi.collections(datasetId!),
    enabled: !!datasetId,
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'training') ? 1500 : false),
  });
}
