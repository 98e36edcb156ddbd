import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineJob } from '../types.ts';
import { createComfyEngine } from './engine.ts';
import { type FakeComfy, type FakeComfyOptions, startFakeComfy } from './fake-comfyui.test-support.ts';
import { ImageEngineError } from './http.ts';
import { loadWorkflows } from './workflows.ts';

const fakes: FakeComfy[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

async function fake(options: FakeComfyOptions = {}) {
  const f = await startFakeComfy(options);
  fakes.push(f);
  return f;
}

const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
  .png()
  .toBuffer();

function job(bizType: string, params: Record<string, unknown>, signal = new AbortController().signal, inputs = 2) {
  const progress: number[] = [];
  const j: EngineJob = {
    taskId: `t${Math.random().toString(36).slice(2)}`,
    bizType,
    params,
    inputs: Array.from({ length: inputs }, () => ({ buffer: photo, contentType: 'image/png' })),
    signal,
    progress: (p) => progress.push(p),
  };
  return { job: j, progress };
}

const engineFor = (servers: string[], previews: Buffer[] = []) =>
  createComfyEngine({
    servers,
    workflows: loadWorkflows(),
    timeoutMs: 20_000,
    backoffMs: 10,
    onPreview: (_id, image) => previews.push(image),
  });

describe('comfyui engine against a server speaking ComfyUI’s protocol', () => {
  it('uploads the inputs, queues the filled workflow, follows progress and previews, and fetches the saved pictures', async () => {
    const server = await fake();
    const previews: Buffer[] = [];
    const engine = engineFor([server.url], previews);
    expect(engine.bizTypes).toEqual(expect.arrayContaining(['TRY_ON', 'MODEL_IMAGE_NEW']));
    const { job: j, progress } = job('TRY_ON', { genNum: 4, seed: 42, denoisingStrength: 0.55, prompt: 'red dress' });
    const out = (await engine.run(j)) as Array<{ buffer: Buffer; type: string; ext: string }>;

    expect(out).toHaveLength(4);
    for (const file of out) expect((await sharp(file.buffer).metadata()).format).toBe('png');
    expect(server.uploads).toEqual([`${j.taskId}-0.png`, `${j.taskId}-1.png`]);
    const { prompt } = server.prompts[0]!;
    // The node map beside the workflow says where each value goes.
    expect(prompt['2']!.inputs.image).toBe(`${j.taskId}-0.png`);
    expect(prompt['3']!.inputs.image).toBe(`${j.taskId}-1.png`);
    expect(prompt['8']!.inputs).toMatchObject({ seed: 42, denoise: 0.55 });
    expect(prompt['7']!.inputs.amount).toBe(4);
    // The task's words follow the workflow's own prompt.
    expect(prompt['4']!.inputs.text).toBe('a person wearing the garment, photo, red dress');
    // Progress rises with the sampler's steps; previews are the JPEGs of the binary frames.
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(previews).toHaveLength(4);
    expect((await sharp(previews[0]!).metadata()).format).toBe('jpeg');
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /upload/image',
      'POST /upload/image',
      'POST /prompt',
      `GET /history/${server.prompts[0]!.id}`,
      'GET /view',
      'GET /view',
      'GET /view',
      'GET /view',
    ]);
  });

  it('uploads a redraw mask to the workflow’s mask node, and refuses one where the workflow has none', async () => {
    const server = await fake();
    const shipped = loadWorkflows();
    const base = shipped.get('MODEL_IMAGE_NEW')!;
    // An operator's inpainting variant: a second LoadImage whose alpha is the MASK.
    const inpaint = {
      ...base,
      graph: { ...base.graph, '20': { class_type: 'LoadImage', inputs: { image: 'mask.png' } } },
      map: { ...base.map, mask: ['20', 'image'] as [string, string] },
    };
    const engine = createComfyEngine({
      servers: [server.url],
      workflows: new Map([['MODEL_IMAGE_NEW', inpaint]]),
      timeoutMs: 20_000,
    });
    const mask = `data:image/png;base64,${photo.toString('base64')}`;
    await engine.validate!('MODEL_IMAGE_NEW', { mask });
    const { job: j } = job('MODEL_IMAGE_NEW', { genNum: 1, mask }, undefined, 1);
    await engine.run(j);
    expect(server.uploads).toEqual([`${j.taskId}-0.png`, `${j.taskId}-1.png`]);
    const prompt = server.prompts[0]!.prompt;
    expect(prompt['2']!.inputs.image).toBe(`${j.taskId}-0.png`);
    expect(prompt['20']!.inputs.image).toBe(`${j.taskId}-1.png`);

    // The shipped workflows take no mask: such a task is refused before it is charged.
    await expect(engineFor([server.url]).validate!('MODEL_IMAGE_NEW', { mask })).rejects.toMatchObject({
      key: 'imageEngineNoMask',
    });
    await expect(engineFor([server.url]).validate!('MODEL_IMAGE_NEW', {})).resolves.toBeUndefined();
    // A mask whose header claims a huge picture is refused before anything decodes it.
    const huge = Buffer.from(photo);
    huge.writeUInt32BE(16383, 16);
    huge.writeUInt32BE(16383, 20);
    await expect(
      engine.validate!('MODEL_IMAGE_NEW', { mask: `data:image/png;base64,${huge.toString('base64')}` }),
    ).rejects.toMatchObject({
      key: 'maskSizeInvalid',
    });
  });

  it('sets the picture size from the ratio where the workflow maps one', async () => {
    const server = await fake();
    await engineFor([server.url]).run(job('MODEL_IMAGE_NEW', { ratio: '3:4', genNum: 1 }, undefined, 1).job);
    expect(server.prompts[0]!.prompt['5']!.inputs).toMatchObject({ width: 768, height: 1024 });
  });

  it('fails with a catalogue error on execution_error', async () => {
    const server = await fake({ script: ['error'] });
    const run = engineFor([server.url]).run(job('TRY_ON', { genNum: 1 }).job);
    await expect(run).rejects.toBeInstanceOf(ImageEngineError);
    await expect(run).rejects.toMatchObject({ key: 'imageEngineFailed', message: expect.stringContaining('CUDA out of memory') });
    expect(server.requests.some((r) => r.path === '/view')).toBe(false);
  });

  it('stops a running prompt: removes it from the queue and interrupts it', async () => {
    const server = await fake({ stepMs: 40, steps: 50 });
    const controller = new AbortController();
    const { job: j, progress } = job('TRY_ON', { genNum: 1 }, controller.signal);
    const run = engineFor([server.url]).run(j);
    while (!progress.some((p) => p > 10)) await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error('stopped by user'));
    await expect(run).rejects.toThrow('stopped by user');
    await expect
      .poll(() => server.requests.map((r) => `${r.method} ${r.path}`))
      .toEqual(expect.arrayContaining(['POST /queue', 'POST /interrupt']));
  });

  it('reconnects a dropped socket with the same client id and still finishes', async () => {
    const server = await fake({ script: ['drop-socket'], stepMs: 20 });
    const out = await engineFor([server.url]).run(job('TRY_ON', { genNum: 2 }).job);
    expect(out).toHaveLength(2);
    expect(server.connections()).toBeGreaterThanOrEqual(2);
  });

  it('retries an upload answered 429, but never sends a prompt twice (it could run twice)', async () => {
    const throttled = await fake({ fail: { path: '/upload/image', status: 429, times: 1 } });
    expect(await engineFor([throttled.url]).run(job('TRY_ON', { genNum: 1 }, undefined, 1).job)).toHaveLength(1);
    expect(throttled.requests.filter((r) => r.path === '/upload/image')).toHaveLength(2);

    const starting = await fake({ fail: { path: '/prompt', status: 503, times: 1 } });
    await expect(engineFor([starting.url]).run(job('TRY_ON', { genNum: 1 }).job)).rejects.toMatchObject({
      key: 'imageEngineFailed',
    });
    expect(starting.requests.filter((r) => r.path === '/prompt')).toHaveLength(1);
  });

  it('answers a catalogue error when no server can be reached', async () => {
    const gone = await fake();
    const url = gone.url;
    await gone.close();
    fakes.pop();
    const engine = createComfyEngine({
      servers: [url],
      workflows: loadWorkflows(),
      timeoutMs: 5000,
      backoffMs: 5,
      reconnects: 1,
    });
    await expect(engine.run(job('TRY_ON', { genNum: 1 }).job)).rejects.toMatchObject({ key: 'imageEngineUnreachable' });
  });

  it('sends work to the least busy server and reports each server’s health', async () => {
    const a = await fake({ stepMs: 30, steps: 20 });
    const b = await fake({ stepMs: 30, steps: 20 });
    const engine = engineFor([a.url, b.url]);
    const first = engine.run(job('TRY_ON', { genNum: 1 }).job);
    await expect.poll(() => a.prompts.length + b.prompts.length).toBe(1);
    const second = engine.run(job('TRY_ON', { genNum: 1 }).job);
    await expect.poll(() => a.prompts.length + b.prompts.length).toBe(2);
    expect([a.prompts.length, b.prompts.length]).toEqual([1, 1]);
    const health = await engine.health();
    expect(health.map((h) => [h.reachable, h.queue, h.active])).toEqual([
      [true, 1, 1],
      [true, 1, 1],
    ]);
    await Promise.all([first, second]);
    await b.close();
    fakes.pop();
    expect((await engine.health()).map((h) => h.reachable)).toEqual([true, false]);
  });
});
