import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type FastGpt, FastGptError, fastGptOf } from './fastgpt.ts';
import { type FastGptDouble, startFastGptDouble } from './fastgpt-double.test-support.ts';

describe('FastGPT dataset API client (against a double of the documented endpoints)', () => {
  let double: FastGptDouble;
  let client: FastGpt;
  beforeAll(async () => {
    double = await startFastGptDouble();
    client = fastGptOf(loadConfig({ FASTGPT_URL: double.url, FASTGPT_API_KEY: double.apiKey }))!;
  });
  afterAll(() => double.close());

  it('is off without FASTGPT_URL and FASTGPT_API_KEY', () => {
    expect(fastGptOf(loadConfig({}))).toBeNull();
    expect(fastGptOf(loadConfig({ FASTGPT_URL: double.url }))).toBeNull();
  });

  it('creates a folder and a dataset in it, text/link/file collections, pushes data and searches', async () => {
    const folder = await client.createFolder('user-1');
    const datasetId = await client.createDataset({ name: '产品资料', intro: '', parentId: folder });
    expect(double.datasets.get(datasetId)).toMatchObject({ parentId: folder, type: 'dataset', name: '产品资料' });
    expect(double.datasets.get(folder)?.type).toBe('folder');

    const text = await client.createTextCollection({
      datasetId,
      name: '保温杯',
      text: '云朵保温杯保温12小时。',
      trainingType: 'chunk',
      chunkSize: 700,
    });
    const link = await client.createLinkCollection({
      datasetId,
      link: 'https://example.com/a',
      trainingType: 'chunk',
      chunkSize: 700,
    });
    const file = await client.createFileCollection({
      datasetId,
      filename: '饭盒.md',
      data: Buffer.from('# 星空饭盒\n三层分隔，可以微波加热。'),
      trainingType: 'chunk',
      chunkSize: 700,
    });
    const virtual = await client.createVirtualCollection({ datasetId, name: '问答' });
    const pushed = await client.pushData({
      collectionId: virtual,
      trainingType: 'chunk',
      data: Array.from({ length: 250 }, (_, i) => ({ q: `问题${i}：防晒霜的SPF是多少？`, a: 'SPF50+' })),
    });
    expect(pushed).toBe(250);
    expect(double.calls.filter((c) => c === '/api/core/dataset/data/pushData')).toHaveLength(2);
    expect(double.collections.get(file)?.name).toBe('饭盒.md');

    // Training is asynchronous: first look shows it in training, the next one done.
    const first = await client.listCollections(datasetId);
    expect(first.find((c) => c.id === text)).toMatchObject({ trainingAmount: 1, dataAmount: 0 });
    const second = await client.listCollections(datasetId);
    expect(second.map((c) => c.id).sort()).toEqual([text, link, file, virtual].sort());
    expect(second.find((c) => c.id === virtual)).toMatchObject({ trainingAmount: 0, dataAmount: 250 });

    const data = await client.listData(virtual, 30, 30);
    expect(data.total).toBe(250);
    expect(data.list[0]).toMatchObject({ q: '问题30：防晒霜的SPF是多少？', a: 'SPF50+', chunkIndex: 30 });

    const hits = await client.searchTest({ datasetId, text: '保温杯能保温多久', limit: 5 });
    expect(hits[0]).toMatchObject({ collectionId: text, sourceName: '保温杯', q: '云朵保温杯保温12小时。' });
    expect(hits[0]!.score).toBeGreaterThan(0);

    await client.deleteCollection(link);
    expect((await client.listCollections(datasetId)).map((c) => c.id)).not.toContain(link);
    await client.deleteDataset(datasetId);
    expect(double.datasets.has(datasetId)).toBe(false);
  });

  it('reports FastGPT failures and a wrong key as FastGptError', async () => {
    await expect(client.searchTest({ datasetId: 'missing', text: 'x', limit: 5 })).rejects.toBeInstanceOf(FastGptError);
    const wrongKey = fastGptOf(loadConfig({ FASTGPT_URL: double.url, FASTGPT_API_KEY: 'nope' }))!;
    await expect(wrongKey.createFolder('x')).rejects.toThrow(/401/);
    const nowhere = fastGptOf(loadConfig({ FASTGPT_URL: 'http://127.0.0.1:9', FASTGPT_API_KEY: 'k' }))!;
    await expect(nowhere.createFolder('x')).rejects.toBeInstanceOf(FastGptError);
  });
});
