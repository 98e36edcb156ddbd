import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERRORS } from '@productimage/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { splitText } from './chunking.ts';
import { collectionRow } from './collection-row.test-support.ts';
import { insertChunks, rebuildIndex, topKeyword } from './index-store.ts';
import { makeDocx } from './test-files.test-support.ts';
import { terms } from './tokenize.ts';
import { trainCollection } from './training.ts';
import { queueTraining } from './training-tasks.ts';

type Auth = { authorization: string };

function multipartFile(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----know${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
}

const PRODUCT_TEXT = [
  '云朵保温杯采用316不锈钢内胆，保温时间长达12小时，适合户外出行。',
  '星空饭盒分三层，可以放进微波炉加热，学生午餐好帮手。',
  '清风防晒霜SPF50+，清爽不油腻，适合油性皮肤日常通勤使用。',
].join('\n');

/** Every chunk has exactly one full-text entry and no entry outlives its chunk. */
async function expectIndexInStep(h: Harness) {
  const chunks = await h.ctx.db.selectFrom('knowledge_chunks').select('id').orderBy('id').execute();
  const indexed =
    h.kind === 'postgres'
      ? await sql<{ id: number }>`select id from knowledge_chunks where fts is not null order by id`.execute(h.ctx.db)
      : await sql<{ id: number }>`select rowid as id from knowledge_fts order by rowid`.execute(h.ctx.db);
  expect(indexed.rows.map((r) => Number(r.id))).toEqual(chunks.map((r) => Number(r.id)));
}

/**
 * Polls until the collection is no longer training (the test's own timeout bounds it, as
 * studio/tasks/test-support.ts waitForTask). A bound of 200 looks (about 10 s) failed twice in one
 * CI run at load 6 on 2 cores: the training task had not finished, not wrongly.
 */
async function waitReady(h: Harness, auth: Auth, datasetId: string, collectionId: string) {
  for (;;) {
    const res = await h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: auth });
    const item = res.data.list.find((c: { collectionId: string }) => c.collectionId === collectionId);
    if (item && item.status !== 'training') return item;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeEachDb('knowledge base', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const dataset = async (auth: Auth, name = '产品资料') => {
    const res = await h.call({
      method: 'POST',
      url: '/api/knowledge/datasets',
      headers: auth,
      payload: { name, intro: '我们的商品' },
    });
    expect(res.status).toBe(200);
    return res.data.datasetId as string;
  };
  const addText = (auth: Auth, datasetId: string, text: string, extra: object = {}) =>
    h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: auth,
      payload: { type: 'text', name: '手写资料', text, trainingType: 'chunk', ...extra },
    });
  const search = (auth: Auth, datasetId: string, text: string) =>
    h.call({ method: 'POST', url: '/api/knowledge/search', headers: auth, payload: { datasetId, text, limit: 5 } });

  it('indexes an uploaded docx and typed text, and finds the right chunk first with its source', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const docx = await makeDocx([
      '云朵保温杯产品手册',
      '云朵保温杯采用316不锈钢内胆，保温时间长达12小时。',
      '售价129元，买二送一。',
    ]);
    const upload = multipartFile('云朵保温杯.docx', docx, { trainingType: 'chunk' });
    const created = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: { ...user.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(created.status).toBe(200);
    const fileItem = await waitReady(h, user.auth, datasetId, created.data.collectionId);
    expect(fileItem).toMatchObject({ name: '云朵保温杯.docx', type: 'file', status: 'ready', trainingType: 'chunk' });
    expect(fileItem.chunks).toBeGreaterThan(0);

    const text = await addText(user.auth, datasetId, '清风防晒霜SPF50+，清爽不油腻，适合油性皮肤日常通勤使用。');
    expect((await waitReady(h, user.auth, datasetId, text.data.collectionId)).status).toBe('ready');

    const hits = await search(user.auth, datasetId, '保温杯多少钱');
    expect(hits.status).toBe(200);
    expect(hits.data[0]).toMatchObject({
      collectionId: created.data.collectionId,
      sourceName: '云朵保温杯.docx',
      mode: 'keyword',
    });
    expect(hits.data[0].text).toContain('售价129元');
    expect(hits.data[0].score).toBeGreaterThan(0);
    // Matched terms come back highlighted.
    expect(hits.data[0].snippet.filter((p: { match: boolean }) => p.match).map((p: { text: string }) => p.text)).toContain(
      '保温杯',
    );
    const sun = await search(user.auth, datasetId, '油性皮肤防晒');
    expect(sun.data[0].sourceName).toBe('手写资料');

    const chunks = await h.call({
      method: 'GET',
      url: `/api/knowledge/collections/${created.data.collectionId}/chunks`,
      headers: user.auth,
    });
    expect(chunks.data.total).toBe(fileItem.chunks);
    expect(chunks.data.list[0].q).toContain('云朵保温杯产品手册');

    const listed = await h.call({ method: 'GET', url: '/api/knowledge/datasets', headers: user.auth });
    expect(listed.data.list).toEqual([expect.objectContaining({ datasetId, name: '产品资料', collections: 2 })]);

    // Deleting the file's collection removes it from search.
    expect(
      (await h.call({ method: 'DELETE', url: `/api/knowledge/collections/${created.data.collectionId}`, headers: user.auth }))
        .status,
    ).toBe(200);
    const after = await search(user.auth, datasetId, '保温杯多少钱');
    expect(after.data.every((hit: { sourceName: string }) => hit.sourceName !== '云朵保温杯.docx')).toBe(true);
    // ... from the index itself, at once: no row of it is left to match.
    expect(await topKeyword(h.ctx.db, { datasetIds: [Number(datasetId)] }, terms('保温杯 售价 129'), 50)).toEqual(new Map());
    await expectIndexInStep(h);
  });

  it('ranks Chinese, mixed Chinese and English, numbers and product codes, within a collection when asked', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const docs = {
      cup: '云朵保温杯采用316不锈钢内胆，保温时间长达12小时，适合户外出行。',
      phones: 'Sony WH-1000XM5 无线蓝牙耳机支持主动降噪，续航30小时，通话清晰。',
      sun: '清风防晒霜SPF50+，清爽不油腻，适合油性皮肤日常通勤使用。',
      fryer: '型号 KB-2024 的空气炸锅容量5.5升，售价399元，少油更健康。',
      box: '星空饭盒分三层，可以放进微波炉加热，学生午餐好帮手。',
    };
    const ids: Record<string, string> = {};
    for (const [name, text] of Object.entries(docs))
      ids[name] = (await addText(user.auth, datasetId, text, { name })).data.collectionId;
    for (const id of Object.values(ids)) await waitReady(h, user.auth, datasetId, id);
    const best = async (text: string) => (await search(user.auth, datasetId, text)).data[0]?.sourceName;
    expect(await best('不锈钢保温杯能保温多久')).toBe('cup');
    expect(await best('学生午餐饭盒')).toBe('box');
    expect(await best('sony 降噪耳机')).toBe('phones');
    expect(await best('SPF50 防晒')).toBe('sun');
    expect(await best('5.5升')).toBe('fryer');
    expect(await best('316')).toBe('cup');
    expect(await best('KB-2024')).toBe('fryer');
    expect(await best('wh-1000xm5')).toBe('phones');
    expect(await best('汽车轮胎')).toBeUndefined();
    const within = (collectionIds: string[]) =>
      h.call({
        method: 'POST',
        url: '/api/knowledge/search',
        headers: user.auth,
        payload: { datasetId, collectionIds, text: '保温杯 防晒霜', limit: 5 },
      });
    expect((await within([ids.sun!])).data.map((hit: { sourceName: string }) => hit.sourceName)).toEqual(['sun']);
    expect((await within([ids.box!])).data).toEqual([]);
  });

  it('gives content generation the chunks of the chosen datasets and records them as sources', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const created = await addText(user.auth, datasetId, PRODUCT_TEXT);
    await waitReady(h, user.auth, datasetId, created.data.collectionId);
    const content = (datasetIds: string[], auth = user.auth) =>
      h.call({
        method: 'POST',
        url: '/api/content',
        headers: auth,
        payload: {
          platforms: ['xiaohongshu'],
          socialMediaType: 'imageText',
          ideaStyle: '整活幽默',
          mktType: 'product',
          marketDesc: '',
          productInfo: '云朵保温杯',
          datasetIds,
        },
      });
    const res = await content([datasetId]);
    expect(res.status, res.msg).toBe(200);
    const view = await h.call({ method: 'GET', url: `/api/content/${res.data.contentId}`, headers: user.auth });
    expect(view.data.sources[0]).toMatchObject({ sourceName: '手写资料', datasetId, collectionId: created.data.collectionId });
    expect(view.data.sources[0].text).toContain('云朵保温杯采用316不锈钢内胆');
    // The source shows where the query matched.
    expect(view.data.sources[0].snippet).toContainEqual({ text: '云朵保温杯', match: true });
    // Someone else's dataset is not found, and nothing is created.
    const other = await h.user();
    const refused = await content([datasetId], other.auth);
    expect(refused.status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/content', headers: other.auth })).data.total).toBe(0);
  });

  it('refuses bad files and private links with clear messages, creating nothing', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const renamed = multipartFile('fake.docx', Buffer.from('just text pretending'), { trainingType: 'chunk' });
    const bad = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: { ...user.auth, ...renamed.headers, 'accept-language': 'en' },
      payload: renamed.payload,
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(ERRORS.knowledgeFileUnreadable.code);
    const exe = multipartFile('tool.exe', Buffer.from('MZ...'));
    const exeRes = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: { ...user.auth, ...exe.headers },
      payload: exe.payload,
    });
    expect(exeRes.code).toBe(ERRORS.knowledgeFileType.code);
    for (const url of [
      'http://127.0.0.1:8080/api/health',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ]) {
      const res = await h.call({
        method: 'POST',
        url: `/api/knowledge/datasets/${datasetId}/collections`,
        headers: { ...user.auth, 'accept-language': 'zh' },
        payload: { type: 'link', url, trainingType: 'chunk' },
      });
      expect(res.status, url).toBe(400);
      expect(res.code).toBe(ERRORS.linkRefused.code);
      expect(res.msg).toBe('无法抓取该链接：只支持公网 http(s) 网址');
    }
    const list = await h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: user.auth });
    expect(list.data.list).toEqual([]);
  });

  it('refuses qa training when no chat engine is configured', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const res = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: { type: 'text', name: 'qa', text: PRODUCT_TEXT, trainingType: 'qa' },
    });
    expect(res.status).toBe(503);
    expect(res.code).toBe(ERRORS.chatEngineNotConfigured.code);
  });

  it("keeps every user's datasets, collections and chunks to themselves", async () => {
    const owner = await h.user();
    const other = await h.user({ tenantId: 'kos' });
    const sameTenant = await h.user();
    const datasetId = await dataset(owner.auth);
    const created = await addText(owner.auth, datasetId, PRODUCT_TEXT);
    const collectionId = created.data.collectionId;
    await waitReady(h, owner.auth, datasetId, collectionId);
    for (const intruder of [other, sameTenant]) {
      const a = intruder.auth;
      expect((await h.call({ method: 'GET', url: '/api/knowledge/datasets', headers: a })).data.list).toEqual([]);
      expect((await h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}`, headers: a })).status).toBe(404);
      expect((await h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: a })).status).toBe(
        404,
      );
      expect(
        (await h.call({ method: 'PATCH', url: `/api/knowledge/datasets/${datasetId}`, headers: a, payload: { name: 'x' } }))
          .status,
      ).toBe(404);
      expect((await addText(a, datasetId, 'intruder text')).status).toBe(404);
      expect((await search(a, datasetId, '保温杯')).status).toBe(404);
      expect((await h.call({ method: 'GET', url: `/api/knowledge/collections/${collectionId}/chunks`, headers: a })).status).toBe(
        404,
      );
      expect((await h.call({ method: 'POST', url: `/api/knowledge/collections/${collectionId}/stop`, headers: a })).status).toBe(
        404,
      );
      expect((await h.call({ method: 'DELETE', url: `/api/knowledge/collections/${collectionId}`, headers: a })).status).toBe(
        404,
      );
      expect((await h.call({ method: 'DELETE', url: `/api/knowledge/datasets/${datasetId}`, headers: a })).status).toBe(404);
    }
    expect((await search(owner.auth, datasetId, '保温杯')).data[0].collectionId).toBe(collectionId);
    // Through the index itself: the dataset's chunks match only under their own user and tenant.
    const asUser = (id: string, tenantId = 'default') =>
      topKeyword(h.ctx.db, { datasetIds: [Number(datasetId)], owner: { id, tenantId } }, terms('保温杯'), 10);
    expect((await asUser(owner.id)).size).toBeGreaterThan(0);
    expect(await asUser(sameTenant.id)).toEqual(new Map());
    expect(await asUser(owner.id, 'kos')).toEqual(new Map());
    expect((await h.call({ method: 'GET', url: '/api/knowledge/datasets' })).status).toBe(401);
  });

  it('resumes training left half-done by a run that died, as a task, and can be stopped', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const longText = '这是一段很长的产品介绍，讲述保温杯的材质、工艺和售后服务。'.repeat(2000);
    const total = splitText(longText).length;
    // As left by a crashed run: 50 chunks saved with their progress, 10 more from a step that
    // never committed its progress.
    const now = Date.now();
    const row = await h.ctx.db
      .insertInto('knowledge_collections')
      .values(
        collectionRow({
          dataset_id: Number(datasetId),
          user_id: user.id,
          name: '长文',
          status: 'training',
          progress_done: 50,
          progress_total: total,
          lease_until: now + 60_000,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.ctx.db
      .insertInto('knowledge_collection_texts')
      .values({ collection_id: Number(row.id), text: longText })
      .execute();
    const collectionId = Number(row.id);
    const pieces = splitText(longText).slice(0, 60);
    await insertChunks(
      h.ctx.db,
      collectionId,
      Number(datasetId),
      pieces.map((q, idx) => ({ idx, q, a: '', embedding: null })),
    );
    const firstIds = await h.ctx.db
      .selectFrom('knowledge_chunks')
      .select('id')
      .where('collection_id', '=', collectionId)
      .where('idx', '<', 50)
      .orderBy('idx')
      .execute();
    // A training task takes it over (as the platform resumes one after a restart, or at start for orphans).
    const taskId = await queueTraining(h.ctx, { id: user.id, tenantId: 'default' }, collectionId);
    const done = await waitReady(h, user.auth, datasetId, String(collectionId));
    // The task completes just after its last step marked the collection ready.
    let task = await h.call({ method: 'GET', url: `/api/tasks/${taskId}`, headers: user.auth });
    for (let i = 0; i < 100 && task.data.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = await h.call({ method: 'GET', url: `/api/tasks/${taskId}`, headers: user.auth });
    }
    expect(task.data).toMatchObject({ bizType: 'KNOWLEDGE_TRAIN', status: 'completed', cost: 0, data: { chunks: total } });
    expect(done).toMatchObject({ status: 'ready', chunks: total, progress: { done: total, total } });
    const indexes = await h.ctx.db
      .selectFrom('knowledge_chunks')
      .select(['id', 'idx'])
      .where('collection_id', '=', collectionId)
      .orderBy('idx')
      .execute();
    expect(indexes.map((r) => Number(r.idx))).toEqual(Array.from({ length: total }, (_, i) => i));
    // The 50 saved chunks were kept, not redone.
    expect(indexes.slice(0, 50).map((r) => Number(r.id))).toEqual(firstIds.map((r) => Number(r.id)));
    // The index holds exactly the chunks: the dead run's 10 uncommitted chunks left no entries.
    await expectIndexInStep(h);
    const found = await topKeyword(h.ctx.db, { datasetIds: [Number(datasetId)] }, terms('保温杯 售后服务'), 10_000);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual(indexes.map((r) => Number(r.id)));
    // Rebuilding the whole index from the chunks (how migration 0180 moves existing datasets) loses
    // nothing and answers the same.
    await rebuildIndex(h.ctx.db);
    await expectIndexInStep(h);
    const rebuilt = await topKeyword(h.ctx.db, { datasetIds: [Number(datasetId)] }, terms('保温杯 售后服务'), 10_000);
    expect([...rebuilt.keys()].sort((a, b) => a - b)).toEqual([...found.keys()].sort((a, b) => a - b));

    const stopped = await h.call({ method: 'POST', url: `/api/knowledge/collections/${collectionId}/stop`, headers: user.auth });
    expect(stopped.code).toBe(ERRORS.knowledgeNotTrainable.code);
  });

  it('stops a training between steps and trains it again on request', async () => {
    const user = await h.user();
    const datasetId = await dataset(user.auth);
    const now = Date.now();
    // Training, but without a task yet (nothing runs it until the retry).
    const row = await h.ctx.db
      .insertInto('knowledge_collections')
      .values(
        collectionRow({
          dataset_id: Number(datasetId),
          user_id: user.id,
          name: '停止',
          status: 'training',
          progress_total: 1,
          lease_until: now + 600_000,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.ctx.db
      .insertInto('knowledge_collection_texts')
      .values({ collection_id: Number(row.id), text: PRODUCT_TEXT })
      .execute();
    const stop = await h.call({ method: 'POST', url: `/api/knowledge/collections/${row.id}/stop`, headers: user.auth });
    expect(stop.status).toBe(200);
    const list = await h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: user.auth });
    expect(list.data.list[0]).toMatchObject({ status: 'failed', error: 'stopped' });
    // A step finishing after the stop is thrown away.
    await trainCollection(h.ctx, Number(row.id), new AbortController().signal);
    expect(
      (await h.call({ method: 'GET', url: `/api/knowledge/collections/${row.id}/chunks`, headers: user.auth })).data.total,
    ).toBe(0);
    expect((await h.call({ method: 'POST', url: `/api/knowledge/collections/${row.id}/retry`, headers: user.auth })).status).toBe(
      200,
    );
    expect(await waitReady(h, user.auth, datasetId, String(row.id))).toMatchObject({ status: 'ready', chunks: 1 });
  });
});

describeEachDb('knowledge base with a chat engine and embeddings', (kind) => {
  let h: Harness;
  let llm: FakeLlm;
  let embeddings: http.Server;
  const embedRequests: Array<{ model: string; input: string[] }> = [];
  beforeAll(async () => {
    llm = await startFakeLlm({
      respond: () =>
        JSON.stringify({
          pairs: [
            { q: '云朵保温杯能保温多久？', a: '保温时间长达12小时。' },
            { q: '星空饭盒能用微波炉吗？', a: '可以放进微波炉加热。' },
          ],
        }),
    });
    // A test double of the OpenAI embeddings endpoint (POST /embeddings, documented shape): a
    // bag-of-characters vector, enough for similar texts to be near.
    embeddings = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const parsed = JSON.parse(body) as { model: string; input: string[] };
        embedRequests.push(parsed);
        const vec = (text: string) => {
          const v = new Array(64).fill(0);
          for (const ch of text) v[ch.codePointAt(0)! % 64] += 1;
          return v;
        };
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            object: 'list',
            model: parsed.model,
            data: parsed.input.map((t, index) => ({ object: 'embedding', index, embedding: vec(t) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((r) => embeddings.listen(0, '127.0.0.1', r));
    const port = (embeddings.address() as AddressInfo).port;
    h = await createHarness(kind, {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake',
      EMBEDDING_BASE_URL: `http://127.0.0.1:${port}/v1`,
      EMBEDDING_MODEL: 'text-embedding-3-small',
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
    await new Promise((r) => embeddings.close(r));
  });

  it('makes question/answer pairs with the chat engine and searches them hybrid', async () => {
    const user = await h.user();
    const ds = await h.call({
      method: 'POST',
      url: '/api/knowledge/datasets',
      headers: user.auth,
      payload: { name: 'qa', intro: '' },
    });
    const datasetId = ds.data.datasetId;
    const created = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: user.auth,
      payload: { type: 'text', name: '问答', text: PRODUCT_TEXT, trainingType: 'qa' },
    });
    expect(created.status).toBe(200);
    const item = await waitReady(h, user.auth, datasetId, created.data.collectionId);
    expect(item).toMatchObject({ status: 'ready', chunks: 2, trainingType: 'qa' });
    // The paragraph went to the chat engine.
    expect(JSON.stringify(llm.requests.at(-1)?.body)).toContain('云朵保温杯采用316不锈钢内胆');
    expect(embedRequests.some((r) => r.model === 'text-embedding-3-small' && r.input.length === 2)).toBe(true);

    const hits = await h.call({
      method: 'POST',
      url: '/api/knowledge/search',
      headers: user.auth,
      payload: { datasetId, text: '保温杯保温多久', limit: 5 },
    });
    expect(hits.data[0]).toMatchObject({
      q: '云朵保温杯能保温多久？',
      a: '保温时间长达12小时。',
      mode: 'hybrid',
      sourceName: '问答',
    });
    expect(hits.data[0].scores.keyword).toBeGreaterThan(0);
    expect(hits.data[0].scores.vector).toBeGreaterThan(0);
  });
});
