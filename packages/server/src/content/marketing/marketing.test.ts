import { type ContentStreamEvents, readEventStream, type Schema } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { until as waitFor } from '../../test-support/until.ts';

const balanceOf = async (h: Harness, auth: Record<string, string>) =>
  (await h.call({ method: 'GET', url: '/api/user/current', headers: auth })).data.benefitPackage.remainBeanCount as number;

/** The fake model answers JSON requests with ideas and other requests with a post in the content format. */
function respond(body: Record<string, unknown>): string {
  if (body.response_format)
    return JSON.stringify({ ideas: [1, 2, 3].map((n) => ({ title: `创意${n}`, content: `创意内容${n}` })) });
  const prompt = JSON.stringify(body.messages);
  if (prompt.includes('内容生成') || prompt.includes(' post]'))
    return `标题：${'超长的标题'.repeat(10)}\n正文：\n${'内容'.repeat(800)}`;
  return '一段由模型写的文字。';
}

describeEachDb('marketing with the offline writer', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('computes the calendar for logged-in users only', async () => {
    const u = await h.user();
    const anon = await h.call({ method: 'GET', url: '/api/marketing/calendar?year=2026&month=2' });
    expect(anon.status).toBe(401);
    const res = await h.call({
      method: 'GET',
      url: '/api/marketing/calendar?year=2026&month=4&calendarMarketingTypes=solar_term',
      headers: u.auth,
    });
    expect(res.data[0]).toEqual({ day: '2026/04/05', entries: [{ name: '清明', type: 'solar_term' }] });
  });

  it('makes a free, labelled idea report and content with the offline writer', async () => {
    const u = await h.user();
    const before = await balanceOf(h, u.auth);
    const created = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: u.auth,
      payload: {
        prompt: '保温杯，316不锈钢',
        marketDesc: '上班族',
        socialType: ['image', 'offline'],
        hotspotSourceType: 'CALENDAR',
        calendarDay: '2026/02/17',
      },
    });
    const reportId = created.data.reportId;
    const report = await waitFor(
      () => h.call({ method: 'GET', url: `/api/ideas/reports/${reportId}`, headers: u.auth }),
      (r) => r.data.process !== 'generating',
    );
    expect(report.data).toMatchObject({ process: 'completed', stage: 'completed', engine: 'offline-writer', cost: 0 });
    expect(report.data.ideas).toHaveLength(6);
    expect(report.data.summary).toContain('春节');
    const content = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: {
        platforms: ['xiaohongshu', 'douyin'],
        productInfo: '保温杯，316不锈钢，一整天都是热水',
        idea: report.data.ideas[0],
        reportId,
      },
    });
    const view = await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${content.data.contentId}`, headers: u.auth }),
      (r) => r.data.items.every((i: { status: string }) => i.status !== 'loading'),
    );
    expect(view.data.engine).toBe('offline-writer');
    for (const item of view.data.items) {
      expect(item.status).toBe('success');
      expect([...item.socialMediaMarketingTitle].length).toBeLessThanOrEqual(20);
      expect(item.socialMediaMarketingContent).toContain('316不锈钢');
    }
    expect(await balanceOf(h, u.auth)).toBe(before);
    const engines = await h.call({ method: 'GET', url: '/api/tasks/engines' });
    expect(engines.data.engines.map((e: { name: string }) => e.name)).toContain('offline-writer');
    expect(engines.data.engines.map((e: { name: string }) => e.name)).not.toContain('openai-chat');
    // Another user cannot read, stop, export or delete it.
    const other = await h.user();
    for (const [method, url] of [
      ['GET', `/api/content/${content.data.contentId}`],
      ['GET', `/api/content/${content.data.contentId}/export`],
      ['POST', `/api/content/${content.data.contentId}/stop`],
      ['DELETE', `/api/content/${content.data.contentId}`],
      ['GET', `/api/ideas/reports/${reportId}`],
    ] as const)
      expect((await h.call({ method, url, headers: other.auth })).status).toBe(404);
    // A picture for the xiaohongshu result (poster engine, 10 points) goes into the result and the Word file.
    const xhs = view.data.items.find((i: { platform: string }) => i.platform === 'xiaohongshu');
    const pic = await h.call({
      method: 'POST',
      url: `/api/content/${content.data.contentId}/items/${xhs.textId}/picture`,
      headers: u.auth,
    });
    expect(pic.code).toBe(0);
    const withImage = await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${content.data.contentId}`, headers: u.auth }),
      (r) => r.data.items.find((i: { platform: string }) => i.platform === 'xiaohongshu').genImages[0]?.status !== 'loading',
    );
    const image = withImage.data.items.find((i: { platform: string }) => i.platform === 'xiaohongshu').genImages[0];
    expect(image).toMatchObject({ type: 'image', status: 'success' });
    expect(await balanceOf(h, u.auth)).toBe(before - 10);
    const docx = await h.app.inject({ method: 'GET', url: `/api/content/${content.data.contentId}/export`, headers: u.auth });
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(docx.rawPayload.includes(Buffer.from('word/media/'))).toBe(true);
    // Deleting pictures (spec 001 §7) takes them out of the result and of the Word file; another user cannot.
    const settled = await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${content.data.contentId}`, headers: u.auth }),
      (r) =>
        r.data.items
          .find((i: { platform: string }) => i.platform === 'xiaohongshu')
          .genImages.every((g: { status: string }) => g.status !== 'loading'),
    );
    const pictures = settled.data.items.find((i: { platform: string }) => i.platform === 'xiaohongshu').genImages;
    expect(pictures.length).toBeGreaterThanOrEqual(2); // its own picture and the one made for 10 points
    const picUrl = (id: string) => `/api/content/${content.data.contentId}/items/${xhs.textId}/pictures/${id}`;
    expect((await h.call({ method: 'DELETE', url: picUrl(pictures[0].id), headers: other.auth })).status).toBe(404);
    for (const picture of pictures)
      expect((await h.call({ method: 'DELETE', url: picUrl(picture.id), headers: u.auth })).code).toBe(0);
    const noImage = await h.call({ method: 'GET', url: `/api/content/${content.data.contentId}`, headers: u.auth });
    expect(noImage.data.items.find((i: { platform: string }) => i.platform === 'xiaohongshu').genImages).toEqual([]);
    expect((await h.call({ method: 'DELETE', url: picUrl(pictures[0].id), headers: u.auth })).status).toBe(404);
    const docx2 = await h.app.inject({ method: 'GET', url: `/api/content/${content.data.contentId}/export`, headers: u.auth });
    const douyinPictures = noImage.data.items.find((i: { platform: string }) => i.platform === 'douyin').genImages;
    if (!douyinPictures.length) expect(docx2.rawPayload.includes(Buffer.from('word/media/'))).toBe(false);
    expect(noImage.data.generation).toBe('completed');
  });

  it("streams a content task as its JSON route answers it, pictures signed (read with the clients' reader)", async () => {
    const u = await h.user();
    const created = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['xiaohongshu', 'weibo'], productInfo: '保温杯，316不锈钢' },
    });
    // The stream ends once no result is loading; inject hands over the whole of it.
    const stream = await h.app.inject({ method: 'GET', url: `/api/content/${created.data.contentId}/events`, headers: u.auth });
    const snapshots: Schema<'ContentTask'>[] = [];
    const outcome = await readEventStream<ContentStreamEvents>({
      open: async () => new Response(stream.body, { headers: { 'content-type': String(stream.headers['content-type']) } }),
      onEvent(event, data) {
        if (event === 'snapshot') snapshots.push(data);
      },
    });
    expect(outcome).toBe('closed');
    const last = snapshots.at(-1)!;
    expect(last.items.map((i) => i.status)).toEqual(['success', 'success']);
    const read = await h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
    // Signatures are made per answer (the same within a period): compared without them, then served.
    const unsigned = (view: unknown) => JSON.parse(JSON.stringify(view).replace(/(\/files\/[^"?]+)\?[^"]*/g, '$1'));
    expect(unsigned(last)).toEqual(unsigned(read.data));
    const pictures = last.items.flatMap((i) => i.genImages).map((g) => g.url);
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of pictures) {
      expect(url).toMatch(/^\/files\/[^?]+\?e=\d+&s=[\w-]+$/);
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('refuses an 11th content task with the spec message, and counts deleted ones no more', async () => {
    const u = await h.user();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await h.call({
        method: 'POST',
        url: '/api/content',
        headers: u.auth,
        payload: { platforms: ['weibo'], productInfo: `p${i}` },
      });
      ids.push(r.data.contentId);
    }
    const refused = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['weibo'], productInfo: 'p' },
    });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('已到达内容生成的任务上限（最多10个），建议导出并删除多余内容，再重新生成哦～');
    for (const id of ids)
      await waitFor(
        () => h.call({ method: 'GET', url: `/api/content/${id}`, headers: u.auth }),
        (r) => r.data.items[0].status !== 'loading',
      );
    expect((await h.call({ method: 'DELETE', url: `/api/content/${ids[0]}`, headers: u.auth })).code).toBe(0);
    const again = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['weibo'], productInfo: 'p' },
    });
    expect(again.code).toBe(0);
    await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${again.data.contentId}`, headers: u.auth }),
      (r) => r.data.items[0].status !== 'loading',
    );
  });
});

describe('marketing with a chat model (protocol double)', () => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond });
    h = await createHarness('sqlite', {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      HOTSPOT_FEED_URL: 'off',
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('charges 30 for image ideas, records tokens and completes', async () => {
    const u = await h.user();
    const before = await balanceOf(h, u.auth);
    const created = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: u.auth,
      payload: {
        prompt: '保温杯',
        socialType: ['image', 'video'],
        hotspotSourceType: 'CUSTOM_INSPIRATION',
        reportTitle: '冬日暖饮',
      },
    });
    const report = await waitFor(
      () => h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth }),
      (r) => r.data.process !== 'generating',
    );
    expect(report.data).toMatchObject({ process: 'completed', engine: 'openai-chat', cost: 30, title: '冬日暖饮' });
    expect(report.data.ideas.map((i: { title: string }) => i.title)).toEqual([
      '创意1',
      '创意2',
      '创意3',
      '创意1',
      '创意2',
      '创意3',
    ]);
    expect(report.data.tokens).toBeGreaterThan(0);
    expect(await balanceOf(h, u.auth)).toBe(before - 30);
    // A picture for the first idea, laid out by the poster engine: 10 points, a PNG of the user's.
    const idea = report.data.ideas[0];
    const pic = await h.call({
      method: 'POST',
      url: `/api/ideas/reports/${created.data.reportId}/ideas/${idea.genDataItemId}/picture`,
      headers: u.auth,
    });
    expect(pic.code).toBe(0);
    const withPicture = await waitFor(
      () => h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth }),
      (r) => r.data.ideas[0].genPicStatus !== 'generating',
    );
    expect(withPicture.data.ideas[0].genPicStatus).toBe('success');
    const file = await h.app.inject({ method: 'GET', url: withPicture.data.ideas[0].picUrl, headers: u.auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await balanceOf(h, u.auth)).toBe(before - 40);
    const other = await h.user();
    const theirs = await h.call({
      method: 'POST',
      url: `/api/ideas/reports/${created.data.reportId}/ideas/${idea.genDataItemId}/picture`,
      headers: other.auth,
    });
    expect(theirs.status).toBe(404);
  });

  it('fails the report and refunds it when a step fails', async () => {
    const u = await h.user();
    const before = await balanceOf(h, u.auth);
    llm.queue({ kind: 'error', status: 500 });
    const created = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: u.auth,
      payload: { prompt: '保温杯', socialType: ['image'], hotspotSourceType: 'CUSTOM_INSPIRATION' },
    });
    const report = await waitFor(
      () => h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth }),
      (r) => r.data.process !== 'generating',
    );
    expect(report.data.process).toBe('failed');
    expect(report.data.error).toBe('AI 模型服务异常，请稍后再试');
    expect(await balanceOf(h, u.auth)).toBe(before);
  });

  it('enforces the platform limits on model answers, and refunds a stopped item once', async () => {
    const u = await h.user();
    const before = await balanceOf(h, u.auth);
    const created = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['douyin'], productInfo: '保温杯' },
    });
    const view = await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth }),
      (r) => r.data.items[0].status !== 'loading',
    );
    const item = view.data.items[0];
    expect(item.status).toBe('success');
    expect([...item.socialMediaMarketingTitle]).toHaveLength(20);
    expect([...item.socialMediaMarketingContent]).toHaveLength(1000);
    expect(await balanceOf(h, u.auth)).toBe(before - 10);
    // The result is a text task of the task platform, in the user's history, written by the listed engine.
    const history = await h.call({ method: 'GET', url: '/api/tasks?bizType=MKT_CONTENT', headers: u.auth });
    expect(history.data.list[0]).toMatchObject({ taskId: item.taskId, status: 'completed', cost: 10 });
    const engines = await h.call({ method: 'GET', url: '/api/tasks/engines' });
    expect(engines.data.engines.find((e: { name: string }) => e.name === 'openai-chat')).toMatchObject({
      bizTypes: ['MKT_CONTENT'],
    });
    // Like, dislike with a reason, cancel.
    const op = `/api/content/${created.data.contentId}/items/${item.textId}/operation`;
    await h.call({ method: 'POST', url: op, headers: u.auth, payload: { operationType: 'dislike', reason: '文案风格不搭' } });
    let after = await h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
    expect(after.data.items[0]).toMatchObject({ like: 'dislike', likeReason: '文案风格不搭' });
    await h.call({ method: 'DELETE', url: op, headers: u.auth });
    after = await h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
    expect(after.data.items[0].like).toBeNull();
    // The user edits the post within douyin's limits (spec 001 §5: title 20); the edit is what is shown and exported.
    const textUrl = `/api/content/${created.data.contentId}/items/${item.textId}/text`;
    const tooLong = await h.call({
      method: 'PUT',
      url: textUrl,
      headers: u.auth,
      payload: { title: '标'.repeat(21), content: '正文' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.msg).toBe('标题最多 20 个字');
    const edited = await h.call({
      method: 'PUT',
      url: textUrl,
      headers: u.auth,
      payload: { title: '我改的标题', content: '我改的正文' },
    });
    expect(edited.code).toBe(0);
    after = await h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
    expect(after.data.items[0]).toMatchObject({
      socialMediaMarketingTitle: '我改的标题',
      socialMediaMarketingContent: '我改的正文',
      edited: true,
    });
    // Writing it again (re_generating, charged again) replaces the edit with the new text.
    const regen = await h.call({
      method: 'POST',
      url: `/api/content/${created.data.contentId}/items/${item.textId}/regenerate`,
      headers: u.auth,
    });
    expect(regen.code).toBe(0);
    after = await waitFor(
      () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth }),
      (r) => r.data.items[0].status !== 'loading',
    );
    expect(after.data.items[0]).toMatchObject({ status: 'success', genMode: 're_generating', edited: false });
    expect(after.data.items[0].socialMediaMarketingTitle).not.toBe('我改的标题');
    expect(await balanceOf(h, u.auth)).toBe(before - 20);
    // Video posts are for douyin only (spec 001 §9), refused before any charge.
    const video = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['douyin', 'xiaohongshu'], socialMediaType: 'video', productInfo: '保温杯' },
    });
    expect(video.status).toBe(400);
    expect(video.msg).toBe('视频内容只能发布到抖音');
    expect(await balanceOf(h, u.auth)).toBe(before - 20);
  });

  it('stops loading items and returns their points', async () => {
    const slow = await startFakeLlm({ respond, chunkDelayMs: 200 });
    const s = await createHarness('sqlite', { LLM_BASE_URL: slow.url, LLM_MODEL: 'fake-model', HOTSPOT_FEED_URL: 'off' });
    try {
      const u = await s.user();
      const before = await balanceOf(s, u.auth);
      const created = await s.call({
        method: 'POST',
        url: '/api/content',
        headers: u.auth,
        payload: { platforms: ['xiaohongshu', 'douyin'], productInfo: '保温杯' },
      });
      expect(await balanceOf(s, u.auth)).toBe(before - 20);
      await waitFor(
        async () => slow.requests.length,
        (n) => n >= 2,
      );
      const stop = await s.call({ method: 'POST', url: `/api/content/${created.data.contentId}/stop`, headers: u.auth });
      expect(stop.data).toEqual({ refunded: 20 });
      expect(await balanceOf(s, u.auth)).toBe(before);
      const view = await s.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
      expect(view.data.items.map((i: { status: string }) => i.status)).toEqual(['stop', 'stop']);
      const again = await s.call({ method: 'POST', url: `/api/content/${created.data.contentId}/stop`, headers: u.auth });
      expect(again.status).toBe(409);
      expect(await balanceOf(s, u.auth)).toBe(before);
      // Continue generating (spec 001 §4): both stopped results are written again, charged again.
      const cont = await s.call({ method: 'POST', url: `/api/content/${created.data.contentId}/continue`, headers: u.auth });
      expect(cont.data.textIds).toHaveLength(2);
      expect(await balanceOf(s, u.auth)).toBe(before - 20);
      const running = await s.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth });
      expect(running.data.generation).toBe('continue_generating');
      expect(
        (await s.call({ method: 'POST', url: `/api/content/${created.data.contentId}/continue`, headers: u.auth })).status,
      ).toBe(409);
      expect(running.data.items.map((i: { genMode: string }) => i.genMode)).toEqual([
        'continue_generating',
        'continue_generating',
      ]);
      // Stopped again: refunded again, once.
      expect(
        (await s.call({ method: 'POST', url: `/api/content/${created.data.contentId}/stop`, headers: u.auth })).data,
      ).toEqual({
        refunded: 20,
      });
      expect(await balanceOf(s, u.auth)).toBe(before);
    } finally {
      await s.close();
      await slow.close();
    }
  });
});
