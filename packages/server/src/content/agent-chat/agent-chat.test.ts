import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { AGENT_ANSWER_COST } from '@productimage/core';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { charge } from '../../commerce/points/ledger.ts';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { answerRef } from './turn.ts';

type Event = { event: string; data: any };
type Auth = { authorization: string };

const LONG = '这是一段很长的营销方案。'.repeat(40);

function lastUser(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ role: string; content: string }>;
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** The model double: plans look-ups in JSON mode, answers in text (echoing what it was given). */
function respond(body: Record<string, unknown>): string {
  const question = lastUser(body);
  if (body.response_format) {
    if (question.includes('热点'))
      return JSON.stringify({
        calls: [
          { tool: 'hot_items', args: { platform: 'import' } },
          { tool: 'knowledge_search', args: { query: question } },
          { tool: 'no_such_tool', args: {} },
        ],
      });
    if (question.includes('生成文案'))
      return JSON.stringify({
        calls: [
          {
            tool: 'generate_content',
            args: { platforms: ['nowhere', 'weibo'], productInfo: '轻薄羽绒服', title: '初雪穿搭' },
          },
        ],
      });
    if (question.includes('创意报告'))
      return JSON.stringify({
        calls: [{ tool: 'start_idea_report', args: { topic: '初雪营销', productInfo: '羽绒服', socialType: ['video'] } }],
      });
    return JSON.stringify({ calls: [] });
  }
  if (question.includes('长')) return LONG;
  const messages = body.messages as Array<{ role: string; content: string }>;
  const lookups = messages.find((m) => m.role === 'system' && m.content.startsWith('Look-up results'));
  const earlier = messages.filter((m) => m.role === 'user').length - 1;
  return `**回答**：${question}｜之前的问题 ${earlier} 个${lookups ? `｜${lookups.content.includes('秋冬穿搭') ? '用了热榜' : '没有热榜'}` : ''}`;
}

const balanceOf = async (h: Harness, auth: Auth) =>
  (await h.call({ method: 'GET', url: '/api/user/current', headers: auth })).data.benefitPackage.remainBeanCount as number;

describeSqlite('marketing agent', (kind) => {
  let h: Harness;
  let llm: FakeLlm;
  let base: string;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond, chunkDelayMs: 15 });
    h = await createHarness(kind, { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
  });

  const agentUser = () => h.user({ tenantId: 'kos' });
  const newConversation = async (auth: Auth, title = '') =>
    (await h.call({ method: 'POST', url: '/api/agent/conversations', headers: auth, payload: { title } })).data
      .conversationId as string;

  /** Sends a question and reads the server-sent events; `during` runs once, at the first delta. */
  async function ask(auth: Auth, conversationId: string, text: string, during?: (events: Event[]) => Promise<void>) {
    const response = await fetch(`${base}/api/agent/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'zh' },
      body: JSON.stringify({ text }),
    });
    if (!response.headers.get('content-type')?.includes('text/event-stream'))
      return { status: response.status, body: (await response.json()) as { code: number; msg: string }, events: [] as Event[] };
    const events: Event[] = [];
    const parser = createParser({ onEvent: (m) => events.push({ event: m.event ?? 'message', data: JSON.parse(m.data) }) });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let ran = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (during && !ran && events.some((e) => e.event === 'delta')) {
        ran = true;
        await during(events);
      }
    }
    return { status: response.status, body: null, events };
  }

  it('is open only to tenants with the agent grant (isChatAllow)', async () => {
    const plain = await h.user();
    const res = await h.call({
      method: 'GET',
      url: '/api/agent/conversations',
      headers: { ...plain.auth, 'accept-language': 'en' },
    });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('The marketing agent is not open for your account; please contact your administrator');
    const anon = await h.call({ method: 'GET', url: '/api/agent/conversations' });
    expect(anon.status).toBe(401);
  });

  it('streams an answer with its look-ups, keeps the history and charges one answer', async () => {
    const u = await agentUser();
    await h.call({
      method: 'POST',
      url: '/api/hotspots/import',
      headers: u.auth,
      payload: { platform: 'import', items: [{ title: '秋冬穿搭' }, { title: '露营好物' }] },
    });
    const id = await newConversation(u.auth);
    const first = await ask(u.auth, id, '最近有什么热点可以借势？');
    expect(first.status).toBe(200);
    const names = first.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'delta').length).toBeGreaterThan(3);
    // Two known tools were called (the unknown one was dropped), each shown running and then done.
    const tools = first.events.filter((e) => e.event === 'tool').map((e) => e.data);
    expect(tools.map((t) => `${t.name}:${t.status}`)).toEqual([
      'hot_items:running',
      'hot_items:done',
      'knowledge_search:running',
      'knowledge_search:done',
    ]);
    expect(tools[1].items.map((i: { title: string }) => i.title).sort()).toEqual(['秋冬穿搭', '露营好物']);
    expect(tools[3].summary).toBe('还没有可查询的知识库');
    const done = first.events.at(-1)!.data;
    const expected = '**回答**：最近有什么热点可以借势？｜之前的问题 0 个｜用了热榜';
    expect(done).toMatchObject({ role: 'assistant', status: 'done', content: expected, cost: AGENT_ANSWER_COST });
    expect(
      first.events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(expected);
    expect(await balanceOf(h, u.auth)).toBe(500 - AGENT_ANSWER_COST);

    const second = await ask(u.auth, id, '再写一个标题');
    expect(second.events.at(-1)!.data.content).toBe('**回答**：再写一个标题｜之前的问题 1 个');
    // The model saw the earlier turn.
    const sent = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(sent).toContain(expected);

    const history = await h.call({ method: 'GET', url: `/api/agent/conversations/${id}/messages`, headers: u.auth });
    expect(history.data.conversation.title).toBe('最近有什么热点可以借势？');
    expect(history.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(history.data.messages[1].tools).toHaveLength(2);
    expect(await balanceOf(h, u.auth)).toBe(500 - 2 * AGENT_ANSWER_COST);
  });

  it('starts an idea report when asked to, and links to it', async () => {
    const u = await agentUser();
    const id = await newConversation(u.auth);
    const res = await ask(u.auth, id, '帮我开一个创意报告');
    const tool = res.events.filter((e) => e.event === 'tool').at(-1)!.data;
    expect(tool).toMatchObject({ name: 'start_idea_report', ok: true, status: 'done' });
    const reportId = new URLSearchParams(tool.items[0].url.split('?')[1]).get('reportId');
    expect(tool.items[0].url).toBe(`/mott-idea?reportId=${reportId}`);
    const report = await h.call({ method: 'GET', url: `/api/ideas/reports/${reportId}`, headers: u.auth });
    expect(report.status).toBe(200);
    expect(report.data.title).toContain('初雪营销');
    expect(res.events.at(-1)!.data.status).toBe('done');
  });

  it('writes posts with the content tool when asked to, on the platforms it knows', async () => {
    const u = await agentUser();
    const id = await newConversation(u.auth);
    const res = await ask(u.auth, id, '帮我生成文案');
    const tool = res.events.filter((e) => e.event === 'tool').at(-1)!.data;
    expect(tool).toMatchObject({ name: 'generate_content', ok: true, status: 'done' });
    expect(tool.items[0]).toMatchObject({ url: '/mott-content', detail: 'weibo' });
    const list = await h.call({ method: 'GET', url: '/api/content', headers: u.auth });
    expect(list.data.total).toBe(1);
  });

  it('keeps conversations to their user and tenant; lists, renames and deletes them', async () => {
    const a = await agentUser();
    const b = await agentUser();
    const first = await newConversation(a.auth, '第一个');
    const second = await newConversation(a.auth, '第二个');
    const list = await h.call({ method: 'GET', url: '/api/agent/conversations', headers: a.auth });
    expect(list.data.total).toBe(2);
    expect((await h.call({ method: 'GET', url: '/api/agent/conversations', headers: b.auth })).data.total).toBe(0);
    for (const req of [
      { method: 'GET' as const, url: `/api/agent/conversations/${first}/messages` },
      { method: 'PATCH' as const, url: `/api/agent/conversations/${first}`, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/agent/conversations/${first}` },
    ])
      expect((await h.call({ ...req, headers: b.auth })).status).toBe(404);
    expect((await ask(b.auth, first, '你好')).status).toBe(404);
    expect(await balanceOf(h, b.auth)).toBe(500);

    const renamed = await h.call({
      method: 'PATCH',
      url: `/api/agent/conversations/${first}`,
      headers: a.auth,
      payload: { title: '  春季活动  ' },
    });
    expect(renamed.data.title).toBe('春季活动');
    // A conversation recorded under another tenant is not the user's in this one.
    await h.ctx.db.updateTable('agent_conversations').set({ tenant_id: 'default' }).where('id', '=', second).execute();
    const after = await h.call({ method: 'GET', url: '/api/agent/conversations', headers: a.auth });
    expect(after.data.list.map((c: { title: string }) => c.title)).toEqual(['春季活动']);
    expect((await h.call({ method: 'DELETE', url: `/api/agent/conversations/${first}`, headers: a.auth })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/agent/conversations', headers: a.auth })).data.total).toBe(0);
  });

  it('stops an answer midway: keeps what was written, refunds once, and refuses a second stop', async () => {
    const u = await agentUser();
    const id = await newConversation(u.auth);
    let stop: { status: number; data: any } | undefined;
    let busy: { status: number } | undefined;
    const res = await ask(u.auth, id, '写一个长方案', async (events) => {
      const answerId = events[0]!.data.answer.messageId as string;
      expect(await balanceOf(h, u.auth)).toBe(500 - AGENT_ANSWER_COST);
      busy = await ask(u.auth, id, '另一个问题');
      stop = await h.call({ method: 'POST', url: `/api/agent/messages/${answerId}/stop`, headers: u.auth });
    });
    expect(busy?.status).toBe(409);
    expect(stop?.status).toBe(200);
    expect(stop?.data.status).toBe('stopped');
    const done = res.events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.status).toBe('stopped');
    expect(done.data.content.length).toBeGreaterThan(0);
    expect(done.data.content.length).toBeLessThan(LONG.length);
    expect(LONG.startsWith(done.data.content)).toBe(true);
    expect(await balanceOf(h, u.auth)).toBe(500);
    const again = await h.call({ method: 'POST', url: `/api/agent/messages/${done.data.messageId}/stop`, headers: u.auth });
    expect(again.status).toBe(409);
    const ledger = await h.call({ method: 'GET', url: '/api/points/ledger?pageNum=1&pageSize=10', headers: u.auth });
    expect(
      ledger.data.list.filter((e: { refType: string }) => e.refType === 'agent_message').map((e: { delta: number }) => e.delta),
    ).toEqual([AGENT_ANSWER_COST, -AGENT_ANSWER_COST]);
    // The conversation is free again.
    const next = await ask(u.auth, id, '好的');
    expect(next.events.at(-1)!.data.status).toBe('done');
  });

  it('fails and refunds an answer abandoned by a process that went away, so the conversation goes on', async () => {
    const u = await agentUser();
    const id = await newConversation(u.auth);
    const answerId = crypto.randomUUID();
    const long = Date.now() - 60 * 60_000;
    await h.ctx.db
      .insertInto('agent_messages')
      .values({
        id: answerId,
        conversation_id: id,
        user_id: u.id,
        role: 'assistant',
        content: '写到一半',
        tools: '[]',
        status: 'streaming',
        error: null,
        cost: AGENT_ANSWER_COST,
        created_at: long,
      })
      .execute();
    await charge(h.ctx.db, { userId: u.id, cost: AGENT_ANSWER_COST, ...answerRef(answerId) });
    expect(await balanceOf(h, u.auth)).toBe(500 - AGENT_ANSWER_COST);
    const history = await h.call({ method: 'GET', url: `/api/agent/conversations/${id}/messages`, headers: u.auth });
    expect(history.data.messages[0]).toMatchObject({ status: 'failed', content: '写到一半' });
    expect(await balanceOf(h, u.auth)).toBe(500);
    expect((await ask(u.auth, id, '继续')).events.at(-1)!.data.status).toBe('done');
  });

  it('marks a failed answer with a clear message and refunds it', async () => {
    const u = await agentUser();
    const id = await newConversation(u.auth);
    llm.queue({ kind: 'answer', text: '{"calls":[]}' }, { kind: 'error', status: 401 });
    const res = await ask(u.auth, id, '你好');
    const done = res.events.at(-1)!.data;
    expect(done.status).toBe('failed');
    expect(done.error).toBe('AI 模型服务拒绝了密钥，请联系管理员');
    expect(await balanceOf(h, u.auth)).toBe(500);
  });
});

describe('marketing agent without a chat engine', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { LLM_BASE_URL: '', LLM_MODEL: '' });
  });
  afterAll(() => h.close());

  it('refuses a question clearly before charging or storing anything', async () => {
    const u = await h.user({ tenantId: 'kos' });
    const created = await h.call({ method: 'POST', url: '/api/agent/conversations', headers: u.auth, payload: {} });
    const res = await h.call({
      method: 'POST',
      url: `/api/agent/conversations/${created.data.conversationId}/messages`,
      headers: { ...u.auth, 'accept-language': 'en' },
      payload: { text: 'hello' },
    });
    expect(res.status).toBe(503);
    expect(res.msg).toBe('No AI writing model is configured (LLM_BASE_URL); this feature needs one');
    expect((await h.call({ method: 'GET', url: '/api/user/current', headers: u.auth })).data.benefitPackage.remainBeanCount).toBe(
      500,
    );
    const messages = await h.call({
      method: 'GET',
      url: `/api/agent/conversations/${created.data.conversationId}/messages`,
      headers: u.auth,
    });
    expect(messages.data.messages).toEqual([]);
  });
});
