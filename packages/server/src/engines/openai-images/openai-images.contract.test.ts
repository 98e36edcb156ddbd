import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineJob, EngineOutput } from '../types.ts';
import { createOpenAiImagesEngine } from './engine.ts';
import { type FakeImagesApi, type FakeImagesOptions, startFakeImagesApi } from './fake-images-api.test-support.ts';

const apis: FakeImagesApi[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
});
async function api(options: FakeImagesOptions = {}) {
  const a = await startFakeImagesApi(options);
  apis.push(a);
  return a;
}

const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#777' } })
  .png()
  .toBuffer();
const mask = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  .png()
  .toBuffer();

function job(bizType: string, params: Record<string, unknown>, inputs = 1, signal = new AbortController().signal): EngineJob {
  return {
    taskId: 't1',
    bizType,
    params,
    inputs: Array.from({ length: inputs }, () => ({ buffer: photo, contentType: 'image/png' })),
    signal,
    progress: () => undefined,
  };
}

const engineFor = (a: FakeImagesApi, maxRetries = 0) =>
  createOpenAiImagesEngine({ baseUrl: a.url, apiKey: 'sk-test', model: 'gpt-image-1', maxRetries, timeoutMs: 10_000 });

describe('openai-images engine against a server speaking the images API', () => {
  it('edits the input picture with a mask and answers the b64_json pictures', async () => {
    const a = await api();
    const out = (await engineFor(a).run(
      job('MODEL_IMAGE_NEW', {
        genNum: 2,
        ratio: '3:4',
        prompt: 'beach',
        mask: `data:image/png;base64,${mask.toString('base64')}`,
      }),
    )) as EngineOutput[];
    expect(out).toHaveLength(2);
    expect(out.map((o) => [o.contentType, o.ext])).toEqual([
      ['image/png', 'png'],
      ['image/png', 'png'],
    ]);
    expect((await sharp(out[0]!.buffer).metadata()).height).toBe(96);
    const [sent] = a.requests;
    expect(sent).toMatchObject({ path: '/v1/images/edits', authorization: 'Bearer sk-test', files: { image: 1, mask: 1 } });
    expect(sent!.fields).toMatchObject({ model: 'gpt-image-1', n: '2', size: '1024x1536' });
    expect(sent!.fields.prompt).toContain('beach');
  });

  it('refuses, before anything is sent, a mask whose header claims a huge picture', async () => {
    const a = await api();
    const engine = engineFor(a);
    await expect(
      engine.validate!('MODEL_IMAGE_NEW', { mask: `data:image/png;base64,${mask.toString('base64')}` }),
    ).resolves.toBeUndefined();
    const huge = Buffer.from(mask);
    huge.writeUInt32BE(16383, 16);
    huge.writeUInt32BE(16383, 20);
    await expect(
      engine.validate!('MODEL_IMAGE_NEW', { mask: `data:image/png;base64,${huge.toString('base64')}` }),
    ).rejects.toMatchObject({
      key: 'maskSizeInvalid',
    });
    expect(a.requests).toEqual([]);
  });

  it('sends both pictures of a try-on, and generates from words alone without inputs', async () => {
    const a = await api();
    await engineFor(a).run(job('TRY_ON', { genNum: 1 }, 2));
    expect(Object.values(a.requests[0]!.files).reduce((x, y) => x + y)).toBe(2);
    await engineFor(a).run(job('PRODUCT_IMAGE', { genNum: 1, scene: 'marble table' }, 0));
    expect(a.requests[1]).toMatchObject({ path: '/v1/images/generations', fields: { model: 'gpt-image-1', n: '1' } });
  });

  it('fetches pictures answered as URLs', async () => {
    const a = await api({ answer: 'url' });
    const out = (await engineFor(a).run(job('PRODUCT_IMAGE', { genNum: 1 }, 0))) as EngineOutput[];
    expect((await sharp(out[0]!.buffer).metadata()).format).toBe('png');
  });

  it('retries a 500 and maps lasting errors to catalogue keys', async () => {
    const flaky = await api({ fail: { status: 500, times: 1 } });
    expect(await engineFor(flaky, 2).run(job('PRODUCT_IMAGE', { genNum: 1 }, 0))).toHaveLength(1);
    expect(flaky.requests).toHaveLength(2);

    const busy = await api({ fail: { status: 429, times: 5 } });
    await expect(engineFor(busy).run(job('PRODUCT_IMAGE', {}, 0))).rejects.toMatchObject({ key: 'imageEngineBusy' });
    const refused = await api({ fail: { status: 401, times: 5 } });
    await expect(engineFor(refused).run(job('PRODUCT_IMAGE', {}, 0))).rejects.toMatchObject({ key: 'imageEngineRejected' });
    const gone = await api();
    const url = gone.url;
    await gone.close();
    apis.pop();
    const engine = createOpenAiImagesEngine({ baseUrl: url, model: 'm', maxRetries: 0 });
    await expect(engine.run(job('PRODUCT_IMAGE', {}, 0))).rejects.toMatchObject({ key: 'imageEngineUnreachable' });
  });

  it('stops when the task is stopped, also while the request is under way', async () => {
    const a = await api({ delayMs: 5000 });
    const before = new AbortController();
    before.abort(new Error('stopped by user'));
    await expect(engineFor(a).run(job('PRODUCT_IMAGE', {}, 0, before.signal))).rejects.toThrow('stopped by user');
    expect(a.requests).toHaveLength(0);

    const during = new AbortController();
    const run = engineFor(a).run(job('PRODUCT_IMAGE', {}, 0, during.signal));
    await expect.poll(() => a.requests.length).toBe(1);
    during.abort(new Error('stopped by user'));
    await expect(run).rejects.toThrow('stopped by user');
  });
});
