import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge } from '../../commerce/points/ledger.ts';
import { ffmpegPath } from '../../engines/local/ffmpeg.ts';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { type FakeImagesApi, startFakeImagesApi } from '../../engines/openai-images/fake-images-api.test-support.ts';
import { balance, ledgerOf, upload } from '../../studio/tasks/test-support.ts';
import { multipart } from '../../studio/uploads/test-images.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

const en = { 'accept-language': 'en' };

/** A 6-second video of three shots (red, blue, test pattern), made by the product's own ffmpeg. */
function threeShotVideo(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewrite-test-')), 'v.mp4');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=red:s=320x240:d=2'],
    ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:d=2'],
    ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:d=2'],
    ...['-filter_complex', '[0][1][2]concat=n=3:v=1:a=0', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', file],
  ]);
  return readFileSync(file);
}

/** The double answers scripts as JSON (the engine asks for a schema) and articles as 标题/正文. */
let n = 0;
function respond(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ content: string }>;
  const asked = messages.map((m) => m.content).join('\n');
  n++;
  if (asked.includes('video_script') || asked.includes('"shots"'))
    return JSON.stringify({
      title: `保温杯的一天${n}`,
      shots: [
        { shot: 1, picture: '清晨桌上的保温杯', line: '早上第一口热水', duration: 2 },
        { shot: 2, picture: '通勤路上握着杯子', line: '一路都是暖的', duration: 2 },
        { shot: 3, picture: '晚上倒出还冒热气', line: '十二小时还烫嘴', duration: 2 },
      ],
    });
  return `标题：冬日暖心好物${n}\n正文：这只保温杯陪我度过整个冬天，热水一直是热的。`;
}

async function settle(h: Harness, auth: { authorization: string }, batchId: string) {
  for (;;) {
    const res = await h.call({ method: 'GET', url: `/api/rewrite/batches/${batchId}`, headers: { ...auth, ...en } });
    if (res.data.state === 'done') return res.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeSqlite('rewrite tools with a chat model and an images API', (kind) => {
  let h: Harness;
  let llm: FakeLlm;
  let images: FakeImagesApi;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond });
    images = await startFakeImagesApi();
    h = await createHarness(kind, {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      IMAGE_API_BASE_URL: images.url,
      IMAGE_API_MODEL: 'gpt-image-1',
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
    await images.close();
  });
  const post = (auth: { authorization: string }, url: string, payload: Record<string, unknown>) =>
    h.call({ method: 'POST', url, headers: { ...auth, ...en }, payload });

  it('rewrites a picture into two new pictures for 10 points each, and regenerates one for 10 more', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const img = await upload(h, u.auth, await productPhoto());
    const created = await post(u.auth, '/api/rewrite/picture-batches', {
      img,
      picDesc: '白色背景上的一只红色水杯，居中构图',
      productInfo: '不锈钢保温杯',
      res: '清新的冬日氛围',
    });
    expect(created.code).toBe(0);
    expect(created.data.kind).toBe('picture');
    expect(created.data.items).toHaveLength(2);
    expect(await balance(h, u.auth)).toBe(before - 20);
    const batch = await settle(h, u.auth, created.data.batchId);
    for (const item of batch.items) {
      expect(item.status).toBe('completed');
      expect(item.pictures).toHaveLength(1);
      expect((await h.app.inject({ method: 'GET', url: item.pictures[0] })).statusCode).toBe(200);
      expect(await ledgerOf(h.ctx, item.taskId)).toEqual([{ reason: 'spend', delta: -10 }]);
    }
    // The images API edited the original with our prompt: the picture's description and the product.
    const edit = images.requests.at(-1);
    expect(edit?.path).toMatch(/\/images\/edits$/);
    expect(edit?.fields.prompt).toContain('不锈钢保温杯');
    expect(edit?.fields.prompt).toContain('白色背景上的一只红色水杯');

    const second = batch.items[1];
    expect((await post(u.auth, `/api/rewrite/batches/${batch.batchId}/items/${second.itemId}/regenerate`, {})).code).toBe(0);
    const after = await settle(h, u.auth, batch.batchId);
    expect(after.items[1].taskId).not.toBe(second.taskId);
    expect(after.items[1].pictures).toHaveLength(1);
    expect(await balance(h, u.auth)).toBe(before - 30);
  });

  it('refuses a picture rewrite the points do not cover, before charging anything', async () => {
    const u = await h.user();
    const img = await upload(h, u.auth, await productPhoto());
    // Spend the free grant down to 30 points: enough for three pictures, not four.
    await charge(h.ctx.db, { userId: u.id, cost: (await balance(h, u.auth)) - 30, refType: 'test', refId: u.id });
    const res = await post(u.auth, '/api/rewrite/picture-batches', { img, productInfo: '保温杯', genNum: 4 });
    expect(res.msg).toBe('Not Enough Gold Coins');
    expect(await balance(h, u.auth)).toBe(30);
    expect((await h.call({ method: 'GET', url: '/api/rewrite/batches', headers: u.auth })).data).toEqual([]);
  });

  it('writes shot-by-shot scripts from the video ffmpeg read (duration, shots, keyframes), 10 points each', async () => {
    const u = await h.user();
    const body = multipart(threeShotVideo(), 'v.mp4', 'video/mp4');
    const uploaded = await h.call({
      method: 'POST',
      url: '/api/rewrite/videos',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.code).toBe(0);
    expect(uploaded.data.durationSeconds).toBeCloseTo(6, 0);
    expect(uploaded.data.shots.map((s: { start: number }) => Math.round(s.start))).toEqual([0, 2, 4]);
    for (const shot of uploaded.data.shots) {
      const frame = await h.app.inject({ method: 'GET', url: shot.frame });
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-type']).toMatch(/jpeg/);
    }
    const before = await balance(h, u.auth);
    const created = await post(u.auth, '/api/rewrite/video-batches', {
      video: uploaded.data.video,
      productInfo: '不锈钢保温杯',
      transcript: '早上好，今天带你看看我的一天',
    });
    expect(created.code).toBe(0);
    expect(created.data.items).toHaveLength(2);
    expect(await balance(h, u.auth)).toBe(before - 20);
    const batch = await settle(h, u.auth, created.data.batchId);
    expect(batch.input.shots).toHaveLength(3);
    for (const item of batch.items) {
      expect(item.status).toBe('completed');
      expect(item.data.shots).toHaveLength(3);
      expect(item.data.shots[0]).toMatchObject({ shot: 1, picture: '清晨桌上的保温杯', line: '早上第一口热水', duration: 2 });
      expect(item.text).toContain('Shot 1 (2s) | Picture: 清晨桌上的保温杯 | Line: 早上第一口热水');
    }
    // The model was told the original's rhythm and the transcript.
    const asked = JSON.stringify(llm.requests.at(-1)?.body.messages);
    expect(asked).toContain('6.0 秒，共 3 个镜头');
    expect(asked).toContain('早上好，今天带你看看我的一天');
    // Script dislike reasons are spec 001 §9's script list.
    const item = batch.items[0];
    const rated = await post(u.auth, `/api/rewrite/batches/${batch.batchId}/items/${item.itemId}/feedback`, {
      liked: false,
      reason: '脚本与原视频无关',
    });
    expect(rated.code).toBe(0);

    // Not a video; and someone else's video is not usable.
    const png = multipart(await productPhoto(), 'x.mp4', 'video/mp4');
    const bad = await h.call({
      method: 'POST',
      url: '/api/rewrite/videos',
      headers: { ...u.auth, ...png.headers, ...en },
      payload: png.payload,
    });
    expect(bad.msg).toBe('This file is not a video we can read (mp4, mov, webm or mkv)');
    const other = await h.user();
    const stolen = await post(other.auth, '/api/rewrite/video-batches', { video: uploaded.data.video, productInfo: '杯子' });
    expect(stolen.code).not.toBe(0);
    expect((await h.call({ method: 'GET', url: '/api/rewrite/batches', headers: other.auth })).data).toEqual([]);
  });

  it('rewrites pasted text and generates topic articles with the chat model; lists batches by kind', async () => {
    const u = await h.user();
    const text = await post(u.auth, '/api/rewrite/text-batches', {
      text: '冬天喝热水的十个好处',
      productInfo: '保温杯',
      genNum: 2,
    });
    expect(text.code).toBe(0);
    const textBatch = await settle(h, u.auth, text.data.batchId);
    expect(textBatch.items.map((i: { content: string }) => i.content)).toEqual([
      expect.stringContaining('保温杯'),
      expect.stringContaining('保温杯'),
    ]);
    const topic = await post(u.auth, '/api/rewrite/topic-batches', { topic: '冬季养生', productInfo: '保温杯' });
    expect(topic.code).toBe(0);
    const topicBatch = await settle(h, u.auth, topic.data.batchId);
    expect(topicBatch.items[0]).toMatchObject({ status: 'completed', engine: 'topic-chat' });
    expect(topicBatch.items[0].title).toMatch(/^冬日暖心好物/);
    expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain('话题：冬季养生');
    const topics = await h.call({ method: 'GET', url: '/api/rewrite/batches?kind=topic', headers: u.auth });
    expect(topics.data.map((b: { batchId: string }) => b.batchId)).toEqual([topic.data.batchId]);
  });
});

describe('rewrite tools without remote engines', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { LLM_BASE_URL: '', LLM_MODEL: '', IMAGE_API_BASE_URL: '', IMAGE_API_MODEL: '' });
  });

  it('puts the product into the original picture with the local engine, 10 points a picture', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const img = await upload(h, u.auth, await productPhoto(1024, 1024, 'png', 2));
    const productImg = await upload(h, u.auth, await productPhoto(1024, 1024, 'png', 3));
    const created = await h.call({
      method: 'POST',
      url: '/api/rewrite/picture-batches',
      headers: { ...u.auth, ...en },
      payload: { img, productImg, productInfo: '保温杯', ratio: '1:1', genNum: 1 },
    });
    expect(created.code).toBe(0);
    expect(await balance(h, u.auth)).toBe(before - 10);
    const batch = await settle(h, u.auth, created.data.batchId);
    expect(batch.items[0]).toMatchObject({ status: 'completed', engine: 'rewrite-picture-local' });
    expect(batch.items[0].pictures).toHaveLength(1);
    const picture = await h.app.inject({ method: 'GET', url: batch.items[0].pictures[0] });
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta.width).toBe(meta.height);
    // Two runs of the segmentation model (the product, the original) and the clean plate: about 20 s
    // on a quiet machine, more beside the browser journeys.
  }, 180_000);

  afterAll(() => h.close());

  it('refuses pictures without a product picture, scripts and text before charging; topics become labelled offline drafts', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const post = (url: string, payload: Record<string, unknown>) =>
      h.call({ method: 'POST', url, headers: { ...u.auth, ...en }, payload });
    const img = await upload(h, u.auth, await productPhoto());
    // The local engine serves pictures only with a product picture to put into the original.
    const picture = await post('/api/rewrite/picture-batches', { img, productInfo: '保温杯' });
    expect(picture.msg).toBe(
      'Add a picture of your product: the picture engine here puts your product into the original picture',
    );
    const text = await post('/api/rewrite/text-batches', { text: '原文', productInfo: '保温杯' });
    expect(text.code).not.toBe(0);
    const body = multipart(threeShotVideo(), 'v.mp4', 'video/mp4');
    const video = await h.call({
      method: 'POST',
      url: '/api/rewrite/videos',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    expect(video.code).toBe(0);
    const script = await post('/api/rewrite/video-batches', { video: video.data.video, productInfo: '保温杯' });
    expect(script.msg).toBe('Awaiting setup: the site operator has not set up an engine for this tool yet');
    expect(await balance(h, u.auth)).toBe(before);
    expect((await h.call({ method: 'GET', url: '/api/rewrite/batches', headers: u.auth })).data).toEqual([]);

    const topic = await post('/api/rewrite/topic-batches', { topic: '冬季养生', productInfo: '不锈钢保温杯' });
    expect(topic.code).toBe(0);
    const batch = await settle(h, u.auth, topic.data.batchId);
    expect(batch.items[0]).toMatchObject({ status: 'completed', engine: 'topic-offline' });
    expect(batch.items[0].content).toContain('不锈钢保温杯');
    expect(await balance(h, u.auth)).toBe(before);
  });
});

describe('rewrite tools with a vision-capable model', () => {
  let h: Harness;
  let llm: FakeLlm;
  let images: FakeImagesApi;
  /** The vision model (its own name) answers about pictures; the chat model writes scripts. */
  const visionOrChat = (body: Record<string, unknown>) => {
    if (body.model !== 'fake-vision') return respond(body);
    const parts = (body.messages as Array<{ content: Array<{ type: string }> }>)[0]?.content ?? [];
    const pictures = parts.filter((p) => p.type === 'image_url').length;
    return pictures > 1
      ? '1. 整片红色的画面\n2. 整片蓝色的画面\n3. 彩色测试条纹'
      : 'A red cup centred on a white table, soft light from the left';
  };
  beforeAll(async () => {
    llm = await startFakeLlm({ respond: visionOrChat });
    images = await startFakeImagesApi();
    h = await createHarness('sqlite', {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_VISION_MODEL: 'fake-vision',
      LLM_MAX_RETRIES: '0',
      IMAGE_API_BASE_URL: images.url,
      IMAGE_API_MODEL: 'gpt-image-1',
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
    await images.close();
  });

  it('reads the original picture and each keyframe, and uses what it saw', async () => {
    const u = await h.user();
    const img = await upload(h, u.auth, await productPhoto());
    const created = await h.call({
      method: 'POST',
      url: '/api/rewrite/picture-batches',
      headers: { ...u.auth, ...en },
      payload: { img, productInfo: '不锈钢保温杯', genNum: 1 },
    });
    expect(created.code).toBe(0);
    const batch = await settle(h, u.auth, created.data.batchId);
    expect(batch.items[0].status).toBe('completed');
    const asked = llm.requests.find((r) => r.body.model === 'fake-vision');
    expect(asked).toBeDefined();
    const messages = asked?.body.messages as Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>;
    const part = messages[0]?.content[1];
    expect(part?.image_url?.url).toMatch(/^data:image\/jpeg;base64,/);
    expect(images.requests.at(-1)?.fields.prompt).toContain('The original picture as seen: A red cup centred on a white table');

    const body = multipart(threeShotVideo(), 'v.mp4', 'video/mp4');
    const video = await h.call({
      method: 'POST',
      url: '/api/rewrite/videos',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    expect(video.data.shots.map((s: { desc?: string }) => s.desc)).toEqual(['整片红色的画面', '整片蓝色的画面', '彩色测试条纹']);
    const scripts = await h.call({
      method: 'POST',
      url: '/api/rewrite/video-batches',
      headers: { ...u.auth, ...en },
      payload: { video: video.data.video, productInfo: '不锈钢保温杯', genNum: 1 },
    });
    await settle(h, u.auth, scripts.data.batchId);
    const scriptAsk = [...llm.requests].reverse().find((r) => r.body.model === 'fake-model');
    expect(JSON.stringify(scriptAsk?.body.messages)).toContain('2.0s–4.0s：整片蓝色的画面');
  });
});
