import crypto from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { terms } from './tokenize.ts';

/**
 * A TEST DOUBLE of a FastGPT server's dataset OpenAPI (tests only; no FastGPT server runs here),
 * following doc.fastgpt.io "Dataset API": Bearer API key, answers `{ code: 200, statusText,
 * message, data }`, errors with a non-200 code; dataset create/delete, collection create
 * (virtual), create/text, create/link, create/localFile (multipart `file` + JSON `data`), listV2
 * (offset paging, at most 30), delete, data/pushData (at most 200), data/v2/list and searchTest.
 * Training is asynchronous as on the real server: new data counts as `trainingAmount` until the
 * next listV2 after it. Search ranks by shared search terms (a stand-in for FastGPT's recall).
 */
interface Data {
  id: string;
  q: string;
  a: string;
  chunkIndex: number;
}
interface Collection {
  id: string;
  datasetId: string;
  name: string;
  type: string;
  trainingType: string;
  data: Data[];
  training: Data[];
}
interface Dataset {
  id: string;
  parentId: string | null;
  type: string;
  name: string;
  intro: string;
}

export interface FastGptDouble {
  url: string;
  apiKey: string;
  datasets: Map<string, Dataset>;
  collections: Map<string, Collection>;
  /** Paths called, oldest first. */
  calls: string[];
  close(): Promise<void>;
}

const id = () => crypto.randomBytes(12).toString('hex');

export async function startFastGptDouble(apiKey = 'fastgpt-test-key'): Promise<FastGptDouble> {
  const app = Fastify();
  await app.register(fastifyMultipart);
  const datasets = new Map<string, Dataset>();
  const collections = new Map<string, Collection>();
  const calls: string[] = [];
  const ok = (data: unknown) => ({ code: 200, statusText: '', message: '', data });
  const fail = (reply: FastifyReply, code: number, message: string) =>
    reply.status(code).send({ code, statusText: message, message, data: null });

  app.addHook('onRequest', async (request, reply) => {
    calls.push(request.url.split('?')[0]!);
    if (request.headers.authorization !== `Bearer ${apiKey}`) return fail(reply, 401, 'unAuthorization');
  });

  const split = (text: string, size: number) => {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out.filter((s) => s.trim());
  };
  const newCollection = (datasetId: string, name: string, type: string, trainingType: string, text = '', chunkSize = 1500) => {
    const c: Collection = { id: id(), datasetId, name, type, trainingType, data: [], training: [] };
    c.training = split(text, chunkSize).map((q, chunkIndex) => ({ id: id(), q, a: '', chunkIndex }));
    collections.set(c.id, c);
    return c;
  };
  const needDataset = (datasetId: unknown, reply: FastifyReply) => {
    const d = datasets.get(String(datasetId));
    if (!d) fail(reply, 500, 'Dataset not found');
    return d;
  };
  const created = (c: Collection) =>
    ok({ collectionId: c.id, results: { insertLen: c.training.length, overToken: [], repeat: [], error: [] } });

  app.post(
    '/api/core/dataset/create',
    async (request: FastifyRequest<{ Body: Partial<Dataset> & { parentId?: string | null } }>, reply) => {
      const b = request.body;
      if (!b?.name) return fail(reply, 500, 'name is required');
      const d: Dataset = {
        id: id(),
        parentId: b.parentId ?? null,
        type: b.type ?? 'dataset',
        name: b.name,
        intro: b.intro ?? '',
      };
      datasets.set(d.id, d);
      return ok(d.id);
    },
  );
  app.delete('/api/core/dataset/delete', async (request: FastifyRequest<{ Querystring: { id: string } }>, reply) => {
    if (!needDataset(request.query.id, reply)) return;
    datasets.delete(request.query.id);
    for (const [cid, c] of collections) if (c.datasetId === request.query.id) collections.delete(cid);
    return ok(null);
  });
  app.post(
    '/api/core/dataset/collection/create',
    async (request: FastifyRequest<{ Body: { datasetId: string; name: string; type: string } }>, reply) => {
      if (!needDataset(request.body.datasetId, reply)) return;
      return ok(newCollection(request.body.datasetId, request.body.name, request.body.type ?? 'virtual', 'chunk').id);
    },
  );
  app.post(
    '/api/core/dataset/collection/create/text',
    async (
      request: FastifyRequest<{
        Body: { datasetId: string; name: string; text: string; trainingType: string; chunkSize?: number };
      }>,
      reply,
    ) => {
      const b = request.body;
      if (!needDataset(b.datasetId, reply)) return;
      if (!b.text || !b.trainingType) return fail(reply, 500, 'text and trainingType are required');
      return created(newCollection(b.datasetId, b.name, 'virtual', b.trainingType, b.text, b.chunkSize));
    },
  );
  app.post(
    '/api/core/dataset/collection/create/link',
    async (
      request: FastifyRequest<{ Body: { datasetId: string; link: string; trainingType: string; chunkSize?: number } }>,
      reply,
    ) => {
      const b = request.body;
      if (!needDataset(b.datasetId, reply)) return;
      if (!b.link || !b.trainingType) return fail(reply, 500, 'link and trainingType are required');
      // The real server fetches the page; the double records the link as the page's text.
      return created(newCollection(b.datasetId, b.link, 'link', b.trainingType, `网页 ${b.link}`, b.chunkSize));
    },
  );
  app.post('/api/core/dataset/collection/create/localFile', async (request, reply) => {
    let file: { filename: string; data: Buffer } | null = null;
    let meta: { datasetId?: string; trainingType?: string; chunkSize?: number } = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { filename: part.filename, data: await part.toBuffer() };
      else if (part.fieldname === 'data') meta = JSON.parse(String(part.value));
    }
    if (!file || !meta.trainingType) return fail(reply, 500, 'file and data are required');
    if (!needDataset(meta.datasetId, reply)) return;
    // The double reads text files only (the real server also parses pdf and docx).
    return created(
      newCollection(meta.datasetId!, file.filename, 'file', meta.trainingType, file.data.toString('utf8'), meta.chunkSize),
    );
  });
  app.post(
    '/api/core/dataset/collection/listV2',
    async (request: FastifyRequest<{ Body: { datasetId: string; offset?: number; pageSize?: number } }>, reply) => {
      const b = request.body;
      if (!needDataset(b.datasetId, reply)) return;
      const all = [...collections.values()].filter((c) => c.datasetId === b.datasetId);
      const pageSize = Math.min(30, b.pageSize ?? 10);
      const page = all.slice(b.offset ?? 0, (b.offset ?? 0) + pageSize);
      const answer = ok({
        list: page.map((c) => ({
          _id: c.id,
          parentId: null,
          type: c.type,
          name: c.name,
          dataAmount: c.data.length,
          trainingAmount: c.training.length,
          trainingType: c.trainingType,
          forbid: false,
        })),
        total: all.length,
      });
      // Training finishes between two looks.
      for (const c of page) {
        c.data.push(...c.training);
        c.training = [];
      }
      return answer;
    },
  );
  app.post('/api/core/dataset/collection/delete', async (request: FastifyRequest<{ Body: { collectionIds: string[] } }>) => {
    for (const cid of request.body.collectionIds ?? []) collections.delete(cid);
    return ok(null);
  });
  app.post(
    '/api/core/dataset/data/pushData',
    async (
      request: FastifyRequest<{ Body: { collectionId: string; trainingType: string; data: Array<{ q: string; a?: string }> } }>,
      reply,
    ) => {
      const c = collections.get(request.body.collectionId);
      if (!c) return fail(reply, 500, 'Collection not found');
      if ((request.body.data ?? []).length > 200) return fail(reply, 500, 'Data is too long, max 200');
      const start = c.data.length + c.training.length;
      c.training.push(...request.body.data.map((d, i) => ({ id: id(), q: d.q, a: d.a ?? '', chunkIndex: start + i })));
      return ok({ insertLen: request.body.data.length, overToken: [], repeat: [], error: [] });
    },
  );
  app.post(
    '/api/core/dataset/data/v2/list',
    async (request: FastifyRequest<{ Body: { collectionId: string; offset?: number; pageSize?: number } }>, reply) => {
      const c = collections.get(request.body.collectionId);
      if (!c) return fail(reply, 500, 'Collection not found');
      const offset = request.body.offset ?? 0;
      const list = c.data.slice(offset, offset + Math.min(30, request.body.pageSize ?? 10));
      return ok({
        list: list.map((d) => ({
          _id: d.id,
          datasetId: c.datasetId,
          collectionId: c.id,
          q: d.q,
          a: d.a,
          chunkIndex: d.chunkIndex,
        })),
        total: c.data.length,
      });
    },
  );
  app.post(
    '/api/core/dataset/searchTest',
    async (request: FastifyRequest<{ Body: { datasetId: string; text: string } }>, reply) => {
      if (!needDataset(request.body.datasetId, reply)) return;
      const query = new Set(terms(request.body.text));
      const hits = [...collections.values()]
        .filter((c) => c.datasetId === request.body.datasetId)
        .flatMap((c) =>
          c.data.map((d) => {
            const words = new Set(terms(`${d.q}\n${d.a}`));
            const shared = [...query].filter((t) => words.has(t)).length;
            return { c, d, score: query.size ? shared / query.size : 0 };
          }),
        )
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score);
      return ok(
        hits.map(({ c, d, score }) => ({
          id: d.id,
          q: d.q,
          a: d.a,
          datasetId: c.datasetId,
          collectionId: c.id,
          sourceName: c.name,
          sourceId: c.id,
          score,
        })),
      );
    },
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, apiKey, datasets, collections, calls, close: () => app.close() };
}
