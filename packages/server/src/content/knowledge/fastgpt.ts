import type { Config } from '../../platform/config.ts';
import { fetchWithRetry } from '../../platform/http/outbound.ts';

/**
 * A FastGPT server as the knowledge backend (FASTGPT_URL + FASTGPT_API_KEY), through its documented
 * dataset OpenAPI (doc.fastgpt.io "Dataset API"): answers are `{ code: 200, statusText, message,
 * data }`, authorised by `Authorization: Bearer <api key>`.
 */
export class FastGptError extends Error {}

export interface FastGptHit {
  id: string;
  q: string;
  a: string;
  collectionId: string;
  sourceName: string;
  score: number;
}

export interface FastGptCollection {
  id: string;
  name: string;
  dataAmount: number;
  trainingAmount: number;
}

const TIMEOUT_MS = 30_000;

export interface FastGpt {
  createFolder(name: string): Promise<string>;
  createDataset(input: { name: string; intro: string; parentId: string | null }): Promise<string>;
  deleteDataset(id: string): Promise<void>;
  createTextCollection(input: {
    datasetId: string;
    name: string;
    text: string;
    trainingType: 'chunk' | 'qa';
    chunkSize: number;
  }): Promise<string>;
  createLinkCollection(input: {
    datasetId: string;
    link: string;
    trainingType: 'chunk' | 'qa';
    chunkSize: number;
  }): Promise<string>;
  createFileCollection(input: {
    datasetId: string;
    filename: string;
    data: Buffer;
    trainingType: 'chunk' | 'qa';
    chunkSize: number;
  }): Promise<string>;
  createVirtualCollection(input: { datasetId: string; name: string }): Promise<string>;
  pushData(input: {
    collectionId: string;
    trainingType: 'chunk' | 'qa';
    data: Array<{ q: string; a?: string }>;
  }): Promise<number>;
  listCollections(datasetId: string): Promise<FastGptCollection[]>;
  deleteCollection(id: string): Promise<void>;
  listData(
    collectionId: string,
    offset: number,
    pageSize: number,
  ): Promise<{ list: Array<{ id: string; q: string; a: string; chunkIndex: number }>; total: number }>;
  searchTest(input: { datasetId: string; text: string; limit: number }): Promise<FastGptHit[]>;
}

export function fastGptOf(config: Config): FastGpt | null {
  const base = config.FASTGPT_URL?.replace(/\/+$/, '');
  const key = config.FASTGPT_API_KEY;
  if (!base || !key) return null;

  async function call<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    let res: Response;
    try {
      res = await fetchWithRetry(
        `${base}${path}`,
        {
          method,
          headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
        },
        { timeoutMs: TIMEOUT_MS },
      );
    } catch (error) {
      throw new FastGptError(`FastGPT unreachable: ${(error as Error).message}`);
    }
    let envelope: { code?: number; message?: string; statusText?: string; data?: unknown };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      throw new FastGptError(`FastGPT answered ${res.status} without JSON`);
    }
    if (!res.ok || envelope.code !== 200) {
      throw new FastGptError(`FastGPT ${path}: ${envelope.code ?? res.status} ${envelope.message || envelope.statusText || ''}`);
    }
    return envelope.data as T;
  }
  const collectionIdOf = (data: { collectionId?: string } | string) => {
    const id = typeof data === 'string' ? data : data?.collectionId;
    if (!id) throw new FastGptError('FastGPT answered without a collection id');
    return id;
  };
  const chunkParams = (trainingType: 'chunk' | 'qa', chunkSize: number) => ({
    trainingType,
    chunkSettingMode: 'custom',
    chunkSplitMode: 'size',
    chunkSize,
  });

  return {
    createFolder: (name) => call<string>('POST', '/api/core/dataset/create', { parentId: null, type: 'folder', name, intro: '' }),
    createDataset: ({ name, intro, parentId }) =>
      call<string>('POST', '/api/core/dataset/create', { parentId, type: 'dataset', name, intro }),
    async deleteDataset(id) {
      await call('DELETE', `/api/core/dataset/delete?id=${encodeURIComponent(id)}`);
    },
    async createTextCollection({ datasetId, name, text, trainingType, chunkSize }) {
      return collectionIdOf(
        await call('POST', '/api/core/dataset/collection/create/text', {
          datasetId,
          parentId: null,
          name,
          text,
          ...chunkParams(trainingType, chunkSize),
        }),
      );
    },
    async createLinkCollection({ datasetId, link, trainingType, chunkSize }) {
      return collectionIdOf(
        await call('POST', '/api/core/dataset/collection/create/link', {
          datasetId,
          parentId: null,
          link,
          ...chunkParams(trainingType, chunkSize),
        }),
      );
    },
    async createFileCollection({ datasetId, filename, data, trainingType, chunkSize }) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), filename);
      form.append('data', JSON.stringify({ datasetId, parentId: null, ...chunkParams(trainingType, chunkSize) }));
      return collectionIdOf(await call('POST', '/api/core/dataset/collection/create/localFile', undefined, form));
    },
    async createVirtualCollection({ datasetId, name }) {
      return collectionIdOf(
        await call('POST', '/api/core/dataset/collection/create', { datasetId, parentId: null, name, type: 'virtual' }),
      );
    },
    async pushData({ collectionId, trainingType, data }) {
      let inserted = 0;
      // The documented maximum is 200 items per push.
      for (let i = 0; i < data.length; i += 200) {
        const res = await call<{ insertLen?: number }>('POST', '/api/core/dataset/data/pushData', {
          collectionId,
          trainingType,
          data: data.slice(i, i + 200),
        });
        inserted += Number(res?.insertLen ?? 0);
      }
      return inserted;
    },
    async listCollections(datasetId) {
      const out: FastGptCollection[] = [];
      // listV2 pages by offset, at most 30 a page.
      for (let offset = 0; ; offset += 30) {
        const page = await call<{
          list: Array<{ _id: string; name: string; dataAmount?: number; trainingAmount?: number }>;
          total: number;
        }>('POST', '/api/core/dataset/collection/listV2', { offset, pageSize: 30, datasetId, parentId: null, searchText: '' });
        for (const c of page.list ?? []) {
          out.push({
            id: c._id,
            name: c.name,
            dataAmount: Number(c.dataAmount ?? 0),
            trainingAmount: Number(c.trainingAmount ?? 0),
          });
        }
        if (!page.list?.length || offset + 30 >= Number(page.total ?? 0)) return out;
      }
    },
    async deleteCollection(id) {
      await call('POST', '/api/core/dataset/collection/delete', { collectionIds: [id] });
    },
    async listData(collectionId, offset, pageSize) {
      const page = await call<{ list: Array<{ _id: string; q: string; a?: string; chunkIndex?: number }>; total: number }>(
        'POST',
        '/api/core/dataset/data/v2/list',
        { offset, pageSize: Math.min(30, pageSize), collectionId, searchText: '' },
      );
      return {
        list: (page.list ?? []).map((d) => ({ id: d._id, q: d.q, a: d.a ?? '', chunkIndex: Number(d.chunkIndex ?? 0) })),
        total: Number(page.total ?? 0),
      };
    },
    async searchTest({ datasetId, text, limit }) {
      const data = await call<unknown>('POST', '/api/core/dataset/searchTest', {
        datasetId,
        text,
        limit: 5000,
        similarity: 0,
        searchMode: 'mixedRecall',
        usingReRank: false,
      });
      // The documented answer is a list; newer servers wrap it as { list, ... } and give scores per
      // recall type ([{ type, value }]). Both are read.
      const list = (Array.isArray(data) ? data : ((data as { list?: unknown[] })?.list ?? [])) as Array<{
        id: string;
        q: string;
        a?: string;
        collectionId: string;
        sourceName?: string;
        score: number | Array<{ type: string; value: number }>;
      }>;
      return list.slice(0, limit).map((d) => ({
        id: d.id,
        q: d.q,
        a: d.a ?? '',
        collectionId: d.collectionId,
        sourceName: d.sourceName ?? '',
        score: Array.isArray(d.score) ? Math.max(0, ...d.score.map((s) => Number(s.value) || 0)) : Number(d.score) || 0,
      }));
    },
  };
}
