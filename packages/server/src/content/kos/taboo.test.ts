import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { until } from '../../test-support/until.ts';

/** A content result written as a persona is flagged when it still uses one of the persona's taboo words. */
describe('taboo words in content results', () => {
  let h: Harness;
  let llm: FakeLlm;
  let answer = '';
  beforeAll(async () => {
    llm = await startFakeLlm({ respond: () => answer });
    h = await createHarness('sqlite', { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it('keeps the taboo words a result contains with it, and flags nothing without a persona', async () => {
    const u = await h.user();
    const { tenant_id: tenantId } = await h.ctx.db
      .selectFrom('users')
      .select('tenant_id')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const persona = await h.ctx.db
      .insertInto('kos_personas')
      .values({
        tenant_id: tenantId,
        name: '暖暖姐',
        tone: '',
        audience: '',
        intro: '',
        taboo_words: JSON.stringify(['最便宜', 'Cheap', '绝对']),
        created_by: u.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const write = async (personaId?: string) => {
      const created = await h.call({
        method: 'POST',
        url: '/api/content',
        headers: u.auth,
        payload: { platforms: ['weibo'], socialMediaType: 'text', productInfo: '保温杯', ...(personaId ? { personaId } : {}) },
      });
      expect(created.status, created.msg).toBe(200);
      const view = await until(
        () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth }),
        (r) => r.data.items[0].status !== 'loading',
      );
      expect(view.data.items[0].status).toBe('success');
      return { contentId: created.data.contentId as string, item: view.data.items[0] };
    };

    answer = '标题：全网最便宜的杯子\n正文：保温一整天，so cheap！';
    const flagged = await write(String(persona.id));
    expect(flagged.item.tabooHits).toEqual(['最便宜', 'Cheap']);

    // The same text without a persona is not checked against anyone's words.
    expect((await write()).item.tabooHits).toEqual([]);

    // Writing it again (regenerate) keeps the persona's words: a clean text is no longer flagged.
    answer = '标题：暖冬好物\n正文：一杯热水，暖一整天';
    const again = await h.call({
      method: 'POST',
      url: `/api/content/${flagged.contentId}/items/${flagged.item.textId}/regenerate`,
      headers: u.auth,
    });
    expect(again.status, again.msg).toBe(200);
    const view = await until(
      () => h.call({ method: 'GET', url: `/api/content/${flagged.contentId}`, headers: u.auth }),
      (r) => r.data.items[0].status === 'success' && r.data.items[0].taskId !== flagged.item.taskId,
    );
    expect(view.data.items[0].tabooHits).toEqual([]);

    answer = '标题：绝对好用\n正文：……';
    await h.call({
      method: 'POST',
      url: `/api/content/${flagged.contentId}/items/${flagged.item.textId}/regenerate`,
      headers: u.auth,
    });
    const third = await until(
      () => h.call({ method: 'GET', url: `/api/content/${flagged.contentId}`, headers: u.auth }),
      (r) => r.data.items[0].status === 'success' && r.data.items[0].taskId !== view.data.items[0].taskId,
    );
    expect(third.data.items[0].tabooHits).toEqual(['绝对']);
  });
});
