import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { addTenant, teamUser } from '../kos/team-fixture.test-support.ts';

type Auth = Record<string, string>;

/** The double answers with themes that point at entries 1-3, and a quote number that does not exist. */
function respond(): string {
  return JSON.stringify({
    summary: '保温效果受好评，盖子漏水是主要槽点。',
    sentiments: ['positive', 'positive', 'negative'],
    themes: [
      { name: '保温效果', sentiment: 'positive', quotes: [1, 2, 2] },
      { name: '密封', sentiment: 'negative', quotes: [3, 99] },
      { name: '编造的主题', sentiment: 'neutral', quotes: [42] },
    ],
    sellingPoints: [{ point: '保温12小时', quotes: [1] }],
    complaints: [{ point: '盖子漏水', quotes: [3] }],
  });
}

describeSqlite('insights: reviews analysed by the chat engine', (kind) => {
  let h: Harness;
  let bare: Harness;
  let llm: FakeLlm;
  let operator: { id: string; auth: Auth };
  let member: { id: string; auth: Auth };
  let stranger: { id: string; auth: Auth };
  const entries = ['保温效果很好，一整天都是热的', '保温12小时名不虚传', '盖子有点漏水', '保温效果很好，一整天都是热的', ' '];

  beforeAll(async () => {
    llm = await startFakeLlm({ respond });
    h = await createHarness(kind, { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
    bare = await createHarness(kind);
    await addTenant(h, 'in-a');
    await addTenant(h, 'in-b');
    operator = await teamUser(h, 'in-a', 'operator');
    member = await teamUser(h, 'in-a', 'member');
    stranger = await teamUser(h, 'in-b', 'owner');
  });
  afterAll(async () => {
    await h.close();
    await bare.close();
    await llm.close();
  });

  it('analyses reviews into findings with the real quotes behind each, shared in the tenant only', async () => {
    const res = await h.call({
      method: 'POST',
      url: '/api/insights/analyses',
      headers: operator.auth,
      payload: { kind: 'product', title: '保温杯评价', entries },
    });
    expect(res.status).toBe(200);
    // The request asked for a JSON schema answer and numbered the de-duplicated entries.
    const sent = llm.requests.at(-1)?.body as {
      response_format?: { type: string };
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.messages.find((m) => m.role === 'user')?.content).toBe(
      '1. 保温效果很好，一整天都是热的\n2. 保温12小时名不虚传\n3. 盖子有点漏水',
    );

    const got = await h.call({ method: 'GET', url: `/api/insights/analyses/${res.data.analysisId}`, headers: member.auth });
    expect(got.data).toMatchObject({
      entryCount: 3,
      model: 'fake-model',
      sentiment: { positive: 2, neutral: 0, negative: 1, unclassified: 0 },
    });
    expect(got.data.themes).toEqual([
      {
        label: '保温效果',
        sentiment: 'positive',
        quotes: [
          { index: 1, text: '保温效果很好，一整天都是热的' },
          { index: 2, text: '保温12小时名不虚传' },
        ],
      },
      { label: '密封', sentiment: 'negative', quotes: [{ index: 3, text: '盖子有点漏水' }] },
    ]);
    expect(got.data.complaints[0]).toMatchObject({ label: '盖子漏水', quotes: [{ index: 3, text: '盖子有点漏水' }] });

    const list = await h.call({ method: 'GET', url: '/api/insights/analyses?kind=product', headers: member.auth });
    expect(list.data.total).toBe(1);
    expect((await h.call({ method: 'GET', url: '/api/insights/analyses?kind=comment', headers: member.auth })).data.total).toBe(
      0,
    );
    expect((await h.call({ method: 'GET', url: '/api/insights/analyses?kind=product', headers: stranger.auth })).data.total).toBe(
      0,
    );
    expect(
      (await h.call({ method: 'GET', url: `/api/insights/analyses/${res.data.analysisId}`, headers: stranger.auth })).status,
    ).toBe(404);
    // Members read but do not run analyses.
    const asked = llm.requests.length;
    const refused = await h.call({
      method: 'POST',
      url: '/api/insights/analyses',
      headers: member.auth,
      payload: { kind: 'product', title: 'x', entries },
    });
    expect(refused.status).toBe(403);
    // Too much text for one request is refused before the model is asked.
    const long = Array.from({ length: 100 }, (_, i) => `${i} ${'保温杯很好用'.repeat(80)}`);
    const tooLong = await h.call({
      method: 'POST',
      url: '/api/insights/analyses',
      headers: operator.auth,
      payload: { kind: 'product', title: 'x', entries: long },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.msg).toBe('At most 40000 characters per analysis: analyse fewer texts at a time');
    expect(llm.requests.length).toBe(asked);
  });

  it('reads the texts of an uploaded table by its column name', async () => {
    const boundary = '----ins';
    const csv = 'id,评价,星级\n1,"杯子很好看,颜色正",5\n2,盖子漏水,2\n';
    const res = await h.call({
      method: 'POST',
      url: '/api/insights/entries',
      headers: { ...operator.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.status).toBe(200);
    expect(res.data.entries).toEqual(['杯子很好看,颜色正', '盖子漏水']);
  });

  it('refuses clearly when no chat engine is configured', async () => {
    await addTenant(bare, 'in-c');
    const owner = await teamUser(bare, 'in-c', 'owner');
    const status = await bare.call({ method: 'GET', url: '/api/insights/status', headers: owner.auth });
    expect(status.data.chatEngine).toBe(false);
    const res = await bare.call({
      method: 'POST',
      url: '/api/insights/analyses',
      headers: owner.auth,
      payload: { kind: 'comment', title: 'x', entries },
    });
    expect(res.status).toBe(503);
    expect(res.msg).toContain('No AI writing model is configured');
    expect(await bare.ctx.db.selectFrom('insight_analyses').select('id').execute()).toEqual([]);
  });
});
