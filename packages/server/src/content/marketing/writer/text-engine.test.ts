import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../engines/openai-chat/fake-llm.test-support.ts';
import { operatorOf } from '../../../identity/operators/test-operators.test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';

/** Operators see which text engine writes drafts and the chat server's health, and platform operators switch it. */
describe('the text engine for operators', () => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond: () => '标题：暖冬\n正文：一杯热水' });
    h = await createHarness('sqlite', { LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'fake-model', HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('shows the chat model and switches drafts to the free offline writer and back', async () => {
    const op = await operatorOf(h);
    const user = await h.user();
    const url = '/api/admin/text-engine';
    expect((await h.call({ method: 'GET', url })).status).toBe(401);
    expect((await h.call({ method: 'GET', url, headers: user.auth })).status).toBe(403);
    expect((await h.call({ method: 'PUT', url, headers: user.auth, payload: { choice: 'offline-writer' } })).status).toBe(403);
    const shown = await h.call({ method: 'GET', url, headers: op.auth });
    expect(shown.data).toMatchObject({
      choice: 'auto',
      active: 'openai-chat',
      chat: { configured: true, model: 'fake-model', server: new URL(llm.url).origin },
      offlineWriter: { available: true },
    });
    // The double answers every path (it speaks only chat completions), so the server is reachable.
    expect(['ok', 'error']).toContain(shown.data.chat.health);
    const switched = await h.call({ method: 'PUT', url, headers: op.auth, payload: { choice: 'offline-writer' } });
    expect(switched.data).toMatchObject({ choice: 'offline-writer', active: 'offline-writer' });
    // Users are told the operators chose it, not that no model is configured.
    expect((await h.call({ method: 'GET', url: '/api/marketing/engine' })).data).toEqual({
      engine: 'offline-writer',
      model: null,
      offlineReason: 'operatorChoice',
    });
    // Drafts are now free and labelled.
    const content = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: user.auth,
      payload: { platforms: ['weibo'], productInfo: '保温杯' },
    });
    const view = await h.call({ method: 'GET', url: `/api/content/${content.data.contentId}`, headers: user.auth });
    expect(view.data).toMatchObject({ engine: 'offline-writer' });
    expect(view.data.items[0].cost).toBe(0);
    const back = await h.call({ method: 'PUT', url, headers: op.auth, payload: { choice: 'auto' } });
    expect(back.data.active).toBe('openai-chat');
    expect((await h.call({ method: 'PUT', url, headers: op.auth, payload: { choice: 'openai' } })).status).toBe(400);
  });

  it('without a chat model the offline writer says no model is configured, whatever the operators chose', async () => {
    const bare = await createHarness('sqlite', { HOTSPOT_FEED_URL: 'off' });
    try {
      const op = await operatorOf(bare);
      const engine = async () => (await bare.call({ method: 'GET', url: '/api/marketing/engine' })).data;
      expect(await engine()).toEqual({ engine: 'offline-writer', model: null, offlineReason: 'notConfigured' });
      await bare.call({ method: 'PUT', url: '/api/admin/text-engine', headers: op.auth, payload: { choice: 'offline-writer' } });
      expect((await engine()).offlineReason).toBe('notConfigured');
    } finally {
      await bare.close();
    }
  });

  it('says when the chat server cannot be reached', async () => {
    const down = await createHarness('sqlite', {
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'm',
      HOTSPOT_FEED_URL: 'off',
    });
    try {
      const op = await operatorOf(down);
      const shown = await down.call({ method: 'GET', url: '/api/admin/text-engine', headers: op.auth });
      expect(shown.data.chat).toMatchObject({ configured: true, health: 'unreachable' });
    } finally {
      await down.close();
    }
  });
});
