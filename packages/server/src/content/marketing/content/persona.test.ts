import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../../engines/openai-chat/fake-llm.test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { until } from '../../../test-support/until.ts';

/** Content written as a KOS persona of the user's tenant (kos/persona-prompt.ts): the model is told who to be. */
describe('content in a persona', () => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond: () => '标题：暖冬\n正文：一杯热水' });
    h = await createHarness('sqlite', { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  it("puts the tenant's persona into the system prompt, and ignores another tenant's", async () => {
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
        tone: '温柔',
        audience: '',
        intro: '',
        taboo_words: '["最便宜"]',
        created_by: u.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await h.ctx.db
      .insertInto('kos_personas')
      .values({
        tenant_id: 'another-tenant',
        name: '别家人设',
        tone: '',
        audience: '',
        intro: '',
        taboo_words: '[]',
        created_by: u.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const write = async (auth: Record<string, string>, personaId: string) => {
      const before = llm.requests.length;
      const created = await h.call({
        method: 'POST',
        url: '/api/content',
        headers: auth,
        payload: { platforms: ['weibo'], productInfo: '保温杯', personaId },
      });
      expect(created.status, created.msg).toBe(200);
      const view = await until(
        () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: auth }),
        (r) => r.data.items[0].status !== 'loading',
      );
      // The result's task records the tokens the model used.
      const task = await h.call({ method: 'GET', url: `/api/tasks/${view.data.items[0].taskId}`, headers: auth });
      expect(task.data.data.tokens).toBeGreaterThan(0);
      const messages = llm.requests[before]?.body.messages as Array<{ role: string; content: string }>;
      return messages.find((m) => m.role === 'system')?.content ?? '';
    };
    const system = await write(u.auth, String(persona.id));
    expect(system).toContain('Write as the persona "暖暖姐"');
    expect(system).toContain('"最便宜"');
    expect(await write(u.auth, String(foreign.id))).not.toContain('别家人设');
  });
});
