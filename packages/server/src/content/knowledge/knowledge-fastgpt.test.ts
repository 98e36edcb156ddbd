import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { type FastGptDouble, startFastGptDouble } from './fastgpt-double.test-support.ts';
import { makeXlsx } from './test-files.test-support.ts';

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

describeSqlite('knowledge base on a FastGPT server', (kind) => {
  let h: Harness;
  let fastgpt: FastGptDouble;
  beforeAll(async () => {
    fastgpt = await startFastGptDouble();
    h = await createHarness(kind, { FASTGPT_URL: fastgpt.url, FASTGPT_API_KEY: fastgpt.apiKey });
  });
  afterAll(async () => {
    await h.close();
    await fastgpt.close();
  });

  it('keeps datasets in the user folder there, adds text, files and spreadsheets, and searches with sources', async () => {
    const user = await h.user();
    const create = (name: string) =>
      h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: user.auth, payload: { name, intro: '' } });
    const datasetId = (await create('产品资料')).data.datasetId;
    const second = (await create('品牌资料')).data.datasetId;
    expect(second).toBeTruthy();
    // One folder per user, created once and reused.
    const folders = [...fastgpt.datasets.values()].filter((d) => d.type === 'folder');
    expect(folders).toHaveLength(1);
    expect([...fastgpt.datasets.values()].filter((d) => d.type === 'dataset').every((d) => d.parentId === folders[0]!.id)).toBe(
      true,
    );

    const add = (payload: object, headers: Record<string, string> = {}) =>
      h.call({
        method: 'POST',
        url: `/api/knowledge/datasets/${datasetId}/collections`,
        headers: { ...user.auth, ...headers },
        payload: payload as never,
      });
    const text = await add({
      type: 'text',
      name: '保温杯',
      text: '云朵保温杯采用316不锈钢内胆，保温12小时。',
      trainingType: 'chunk',
    });
    expect(text.status).toBe(200);
    const md = multipartFile('饭盒.md', Buffer.from('# 星空饭盒\n三层分隔，可以微波加热。'), { trainingType: 'chunk' });
    expect((await add(md.payload as never, md.headers)).status).toBe(200);
    const xlsx = multipartFile(
      '价格.xlsx',
      await makeXlsx('价格', [
        ['商品', '价格'],
        ['云朵保温杯', 129],
      ]),
      { trainingType: 'chunk' },
    );
    expect((await add(xlsx.payload as never, xlsx.headers)).status).toBe(200);
    expect(fastgpt.calls).toContain('/api/core/dataset/data/pushData');
    expect(fastgpt.calls).toContain('/api/core/dataset/collection/create/localFile');
    expect(fastgpt.calls).toContain('/api/core/dataset/collection/create/text');
    // A bad file is still refused here before anything reaches FastGPT.
    const bad = multipartFile('fake.docx', Buffer.from('plain text'));
    expect((await add(bad.payload as never, bad.headers)).status).toBe(400);

    const list = () => h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: user.auth });
    expect((await list()).data.list.every((c: { status: string }) => c.status === 'training')).toBe(true);
    const ready = (await list()).data.list;
    expect(ready.map((c: { name: string; status: string }) => [c.name, c.status]).sort()).toEqual([
      ['价格.xlsx', 'ready'],
      ['保温杯', 'ready'],
      ['饭盒.md', 'ready'],
    ]);

    const hits = await h.call({
      method: 'POST',
      url: '/api/knowledge/search',
      headers: user.auth,
      payload: { datasetId, text: '保温杯保温多久', limit: 5 },
    });
    expect(hits.status).toBe(200);
    expect(hits.data[0]).toMatchObject({ sourceName: '保温杯', collectionId: text.data.collectionId, datasetId });

    const chunks = await h.call({
      method: 'GET',
      url: `/api/knowledge/collections/${text.data.collectionId}/chunks`,
      headers: user.auth,
    });
    expect(chunks.data.list[0].q).toContain('云朵保温杯');

    const other = await h.user();
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/knowledge/search',
          headers: other.auth,
          payload: { datasetId, text: '保温杯' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await h.call({ method: 'DELETE', url: `/api/knowledge/collections/${text.data.collectionId}`, headers: other.auth }))
        .status,
    ).toBe(404);

    expect(
      (await h.call({ method: 'DELETE', url: `/api/knowledge/collections/${text.data.collectionId}`, headers: user.auth }))
        .status,
    ).toBe(200);
    expect(fastgpt.collections.size).toBe(2);
    expect((await h.call({ method: 'DELETE', url: `/api/knowledge/datasets/${datasetId}`, headers: user.auth })).status).toBe(
      200,
    );
    expect(fastgpt.collections.size).toBe(0);
  });
});
