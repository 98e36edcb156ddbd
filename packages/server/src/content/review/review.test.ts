import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { addTenant, teamUser } from '../kos/team-fixture.test-support.ts';

type Auth = Record<string, string>;

describeEachDb('review: ideas through draft, review, decision and publishing', (kind) => {
  let h: Harness;
  let author: { id: string; auth: Auth };
  let colleague: { id: string; auth: Auth };
  let reviewer: { id: string; auth: Auth };
  let stranger: { id: string; auth: Auth };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
    h.call({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await createHarness(kind);
    await addTenant(h, 'rv-a');
    await addTenant(h, 'rv-b');
    author = await teamUser(h, 'rv-a', 'member');
    colleague = await teamUser(h, 'rv-a', 'member');
    reviewer = await teamUser(h, 'rv-a', 'operator');
    stranger = await teamUser(h, 'rv-b', 'owner');
  });
  afterAll(() => h.close());

  it('moves an idea from draft to published; members cannot decide; every move is recorded', async () => {
    const created = await call('POST', '/api/review/items', author.auth, {
      kind: 'idea',
      title: '冬日保温杯创意',
      body: '热水一整天',
    });
    const itemId = created.data.itemId;
    const item = async (auth: Auth) => (await call('GET', `/api/review/items/${itemId}`, auth)).data;
    expect((await item(author.auth)).actions).toEqual(['submit']);

    // Not visible to colleagues (members) nor to another tenant; a reviewer does not see drafts in the queue.
    expect((await call('GET', `/api/review/items/${itemId}`, colleague.auth)).status).toBe(404);
    expect((await call('GET', `/api/review/items/${itemId}`, stranger.auth)).status).toBe(404);
    expect((await call('GET', '/api/review/items?scope=queue', reviewer.auth)).data.total).toBe(0);
    expect((await call('GET', '/api/review/items?scope=queue', author.auth)).status).toBe(403);

    // Only the author submits.
    expect((await call('POST', `/api/review/items/${itemId}/submit`, reviewer.auth, {})).status).toBe(403);
    expect((await call('POST', `/api/review/items/${itemId}/submit`, author.auth, { comment: '请审核' })).status).toBe(200);
    // A second submit is a conflict, editing in review is refused.
    expect((await call('POST', `/api/review/items/${itemId}/submit`, author.auth, {})).status).toBe(409);
    expect((await call('PUT', `/api/review/items/${itemId}`, author.auth, { title: '改' })).status).toBe(409);

    const queue = await call('GET', '/api/review/items?scope=queue', reviewer.auth);
    expect(queue.data.list.map((i: { itemId: string }) => i.itemId)).toEqual([itemId]);
    expect(queue.data.list[0].actions).toEqual(['approve', 'reject']);

    // Members (even another member of the team) and other tenants cannot decide.
    expect((await call('POST', `/api/review/items/${itemId}/approve`, author.auth, {})).status).toBe(403);
    expect((await call('POST', `/api/review/items/${itemId}/approve`, colleague.auth, {})).status).toBe(403);
    expect((await call('POST', `/api/review/items/${itemId}/approve`, stranger.auth, {})).status).toBe(404);

    // A rejection needs a reason; then the author changes and resubmits.
    expect((await call('POST', `/api/review/items/${itemId}/reject`, reviewer.auth, {})).status).toBe(400);
    expect((await call('POST', `/api/review/items/${itemId}/reject`, reviewer.auth, { comment: '标题不够吸引人' })).status).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/review/items/${itemId}`, author.auth, { title: '冬天的第一杯热水', body: '热水一整天' })).status,
    ).toBe(200);
    await call('POST', `/api/review/items/${itemId}/submit`, author.auth, {});
    expect((await call('POST', `/api/review/items/${itemId}/comments`, reviewer.auth, { body: '这次好多了' })).status).toBe(200);
    expect((await call('POST', `/api/review/items/${itemId}/approve`, reviewer.auth, { comment: '通过' })).status).toBe(200);
    expect((await call('POST', `/api/review/items/${itemId}/publish`, reviewer.auth, {})).status).toBe(200);

    const final = await item(author.auth);
    expect(final).toMatchObject({ status: 'published', title: '冬天的第一杯热水', actions: [] });
    expect(
      final.comments.map((c: { action: string | null; toStatus: string | null; body: string }) => [c.action, c.toStatus, c.body]),
    ).toEqual([
      ['submit', 'in_review', '请审核'],
      ['reject', 'rejected', '标题不够吸引人'],
      ['submit', 'in_review', ''],
      [null, null, '这次好多了'],
      ['approve', 'approved', '通过'],
      ['publish', 'published', ''],
    ]);
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('tenant_id', '=', 'rv-a')
      .where('target', '=', itemId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'review.create',
      'review.submit',
      'review.reject',
      'review.submit',
      'review.approve',
      'review.publish',
    ]);
    expect(audit.find((a) => a.action === 'review.approve')?.actor_id).toBe(reviewer.id);
    expect((await call('GET', '/api/review/items?scope=all', stranger.auth)).data.total).toBe(0);
    expect((await call('GET', '/api/review/summary', author.auth)).data).toMatchObject({
      mine: { published: 1 },
      reviewer: false,
    });
    // The author heard of each decision in the inbox (in the reviewer's language), with the comment.
    const inbox = await call('GET', '/api/inbox?pageNum=1&pageSize=100', author.auth);
    const titles = inbox.data.list.map((m: { msgTitle: string }) => m.msgTitle);
    expect(titles).toEqual(
      expect.arrayContaining(['“冬天的第一杯热水”: Published', '“冬天的第一杯热水”: Approved', '“冬日保温杯创意”: Rejected']),
    );
    expect(titles).toHaveLength(3);
  });

  it('lets the author withdraw and delete; account links stay within the tenant', async () => {
    const other = await h.user();
    const foreignAccount = await h.ctx.db
      .insertInto('kos_accounts')
      .values({
        tenant_id: 'rv-b',
        platform: 'weibo',
        handle: 'b',
        display_name: '',
        persona_id: null,
        owner_user_id: null,
        notes: '',
        created_by: other.id,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await call('POST', '/api/review/items', author.auth, { title: 'x', accountId: Number(foreignAccount.id) })).status,
    ).toBe(404);
    // An account of the author's tenant names the item, as does the author (masked phone) and a commenter.
    const ownAccount = await h.ctx.db
      .insertInto('kos_accounts')
      .values({
        tenant_id: 'rv-a',
        platform: 'douyin',
        handle: 'cups',
        display_name: '',
        persona_id: null,
        owner_user_id: null,
        notes: '',
        created_by: author.id,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { itemId } = (
      await call('POST', '/api/review/items', author.auth, { kind: 'content', title: '文案', accountId: Number(ownAccount.id) })
    ).data;
    await call('POST', `/api/review/items/${itemId}/submit`, author.auth, {});
    const phone = (await h.ctx.db.selectFrom('users').select('phone').where('id', '=', author.id).executeTakeFirstOrThrow())
      .phone!;
    const named = { accountLabel: 'douyin:@cups', authorName: `${phone.slice(0, 3)}****${phone.slice(-4)}` };
    const queue = (await call('GET', '/api/review/items?scope=queue', reviewer.auth)).data.list;
    expect(queue.find((i: { itemId: string }) => i.itemId === itemId)).toMatchObject(named);
    const shown = (await call('GET', `/api/review/items/${itemId}`, reviewer.auth)).data;
    expect(shown).toMatchObject(named);
    expect(shown.comments.map((c: { authorName: string }) => c.authorName)).toEqual([named.authorName]);
    expect((await call('POST', `/api/review/items/${itemId}/withdraw`, author.auth, {})).status).toBe(200);
    expect((await call('DELETE', `/api/review/items/${itemId}`, colleague.auth)).status).toBe(404);
    expect((await call('DELETE', `/api/review/items/${itemId}`, author.auth)).status).toBe(200);
    expect((await call('GET', `/api/review/items/${itemId}`, author.auth)).status).toBe(404);
  });
});
