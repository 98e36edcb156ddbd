import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export interface Dataset {
  datasetId: string;
  name: string;
  intro: string;
  folderId: string | null;
  collections: number;
  chunks: number;
  createdAt: number;
}

export type TrainingType = 'auto' | 'chunk' | 'qa';

export interface Collection {
  collectionId: string;
  name: string;
  type: 'file' | 'link' | 'virtual';
  trainingType: TrainingType;
  status: 'training' | 'ready' | 'failed';
  source: string;
  chunks: number;
  progress: { done: number; total: number };
  error: string | null;
  createdAt: number;
}

export interface SearchHit {
  chunkId: string;
  collectionId: string;
  sourceName: string;
  text: string;
  q: string;
  a: string;
  score: number;
  mode: 'keyword' | 'hybrid';
}

export const DATASETS_KEY = ['knowledge', 'datasets'] as const;

export const knowledgeApi = {
  datasets: () => api.get<{ list: Dataset[] }>('/api/knowledge/datasets', { all: '1' }).then((d) => d.list),
  createDataset: (name: string, intro: string) => api.post<{ datasetId: string }>('/api/knowledge/datasets', { name, intro }),
  deleteDataset: (datasetId: string) => api.del(`/api/knowledge/datasets/${encodeURIComponent(datasetId)}`),
  collections: (datasetId: string) =>
    api.get<{ list: Collection[] }>(`/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`).then((d) => d.list),
  addFile: (datasetId: string, file: File, trainingType: TrainingType) => {
    const body = new FormData();
    // Fields first: the server reads them before the file part.
    body.append('trainingType', trainingType);
    body.append('file', file, file.name);
    return api.request<{ collectionId: string }>('POST', `/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      body,
    });
  },
  addLink: (datasetId: string, url: string, trainingType: TrainingType) =>
    api.post<{ collectionId: string }>(`/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      type: 'link',
      url,
      trainingType,
    }),
  addText: (datasetId: string, name: string, text: string, trainingType: TrainingType) =>
    api.post<{ collectionId: string }>(`/api/knowledge/datasets/${encodeURIComponent(datasetId)}/collections`, {
      type: 'text',
      name,
      text,
      trainingType,
    }),
  stop: (collectionId: string) => api.post(`/api/knowledge/collections/${encodeURIComponent(collectionId)}/stop`),
  retry: (collectionId: string) => api.post(`/api/knowledge/collections/${encodeURIComponent(collectionId)}/retry`),
  remove: (collectionId: string) => api.del(`/api/knowledge/collections/${encodeURIComponent(collectionId)}`),
  chunks: (collectionId: string, pageNum: number) =>
    api.get<{ list: Array<{ chunkId: string; index: number; q: string; a: string }>; total: number }>(
      `/api/knowledge/collections/${encodeURIComponent(collectionId)}/chunks`,
      { pageNum, pageSize: 20 },
    ),
  search: (datasetId: string, text: string) => api.post<SearchHit[]>('/api/knowledge/search', { datasetId, text, limit: 10 }),
};

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
