import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustPoints } from '../../commerce/points/adjust.ts';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { putRole } from './members.ts';

describe('teams and the console', () => {
  let h: Harness;
  const now = Date.now();
  beforeAll(async () => {
    h = await createHarness('sqlite');
    await h.ctx.db
      .insertInto('tenants')
      .values({
        id: 'acme',
        name: 'Acme',
        name_en: 'Acme',
        flags: JSON.stringify({ menuSet: 'enterprise' }),
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(() => h.close());

  it('an invitation link brings a user into the tenant with its role, once; revoked links fail', async () => {
    const owner = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', owner.id, 'owner');
    const invite = await h.call({
      method: 'POST',
      url: '/api/team/invitations',
      headers: owner.auth,
      payload: { role: 'operator', kind: 'link' },
    });
    expect(invite.status).toBe(200);
    const token = invite.data.token as string;
    expect((await h.call({ method: 'GET', url: `/api/team/invitations/preview?token=${token}` })).data).toMatchObject({
      tenantName: 'Acme',
      role: 'operator',
    });
    const invitee = await h.user();
    const accepted = await h.call({
      method: 'POST',
      url: '/api/team/invitations/accept',
      headers: invitee.auth,
      payload: { token },
    });
    expect(accepted.data).toEqual({ tenantId: 'acme', role: 'operator' });
    const me = await h.call({ method: 'GET', url: '/api/team/me', headers: invitee.auth });
    expect(me.data).toMatchObject({ tenantId: 'acme', role: 'operator', enterprise: true, consoleOperator: false });
    expect(me.data.permissions).toContain('manageKos');
    expect(me.data.permissions).not.toContain('manageMembers');
    const again = await h.call({
      method: 'POST',
      url: '/api/team/invitations/accept',
      headers: (await h.user()).auth,
      payload: { token },
    });
    expect(again.status).toBe(400);

    const second = await h.call({
      method: 'POST',
      url: '/api/team/invitations',
      headers: owner.auth,
      payload: { role: 'member', kind: 'link' },
    });
    expect((await h.call({ method: 'DELETE', url: `/api/team/invitations/${second.data.id}`, headers: owner.auth })).status).toBe(
      200,
    );
    const late = await h.call({
      method: 'POST',
      url: '/api/team/invitations/accept',
      headers: (await h.user()).auth,
      payload: { token: second.data.token },
    });
    expect(late.status).toBe(400);

    const log = await h.call({ method: 'GET', url: '/api/team/audit-log', headers: owner.auth });
    expect(log.data.list.map((r: { action: string }) => r.action)).toEqual([
      'invitation.revoke',
      'invitation.create',
      'invitation.accept',
      'invitation.create',
    ]);
  });

  it('a phone invitation shows to the user with that phone only', async () => {
    const admin = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', admin.id, 'admin');
    const phone = '13912345678';
    const existing = await h.user({ phone: '13912345679' });
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/team/invitations',
          headers: admin.auth,
          payload: { role: 'admin', kind: 'phone', phone },
        })
      ).status,
    ).toBe(403);
    const inv = await h.call({
      method: 'POST',
      url: '/api/team/invitations',
      headers: admin.auth,
      payload: { role: 'member', kind: 'phone', phone },
    });
    const stranger = await h.user();
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/team/invitations/accept',
          headers: stranger.auth,
          payload: { id: inv.data.id },
        })
      ).status,
    ).toBe(400);
    const told = await h.call({
      method: 'POST',
      url: '/api/team/invitations',
      headers: admin.auth,
      payload: { role: 'member', kind: 'phone', phone: '13912345679' },
    });
    expect(told.status).toBe(200);
    const inbox = await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=10', headers: existing.auth });
    expect(JSON.stringify(inbox.data)).toContain('/kos-join');
    const invitee = await h.user({ phone });
    const pending = await h.call({ method: 'GET', url: '/api/team/invitations/pending', headers: invitee.auth });
    expect(pending.data).toEqual([{ id: inv.data.id, tenantId: 'acme', tenantName: 'Acme', role: 'member' }]);
    expect(
      (await h.call({ method: 'POST', url: '/api/team/invitations/accept', headers: invitee.auth, payload: { id: inv.data.id } }))
        .status,
    ).toBe(200);
  });

  it('moves pool points to members with ledger rows on both sides and never below zero', async () => {
    const platform = await operatorOf(h, 'default');
    const admin = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', admin.id, 'admin');
    const member = await h.user({ tenantId: 'acme' });
    const before =
      (await h.ctx.db.selectFrom('point_accounts').select('balance').where('user_id', '=', member.id).executeTakeFirst())
        ?.balance ?? 0;
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/team/points/allocate',
          headers: admin.auth,
          payload: { userId: member.id, amount: 10, note: 'q1' },
        })
      ).status,
    ).toBe(409);
    const topUp = await h.call({
      method: 'POST',
      url: '/api/console/tenants/acme/pool',
      headers: platform.auth,
      payload: { amount: 100, note: 'contract' },
    });
    expect(topUp.data.pool).toBe(100);
    const moved = await h.call({
      method: 'POST',
      url: '/api/team/points/allocate',
      headers: admin.auth,
      payload: { userId: member.id, amount: 60, note: 'q1' },
    });
    expect(moved.data.pool).toBe(40);
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/api/team/points/allocate',
          headers: admin.auth,
          payload: { userId: member.id, amount: 41, note: 'q1' },
        })
      ).status,
    ).toBe(409);
    const after = await h.ctx.db
      .selectFrom('point_accounts')
      .select('balance')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(after.balance).toBe(before + 60);
    const ledger = await h.ctx.db
      .selectFrom('point_ledger')
      .selectAll()
      .where('user_id', '=', member.id)
      .where('ref_type', '=', 'team-pool')
      .execute();
    expect(ledger.map((r) => r.delta)).toEqual([60]);
    const back = await h.call({
      method: 'POST',
      url: '/api/team/points/reclaim',
      headers: admin.auth,
      payload: { userId: member.id, amount: 20, note: 'unused' },
    });
    expect(back.data.pool).toBe(60);
    const pool = await h.call({ method: 'GET', url: '/api/team/points', headers: admin.auth });
    expect(pool.data.balance).toBe(60);
    expect(pool.data.list.map((r: { delta: number }) => r.delta)).toEqual([20, -60, 100]);
  });

  it("attack: an admin can neither reclaim a member's own points nor allocate to himself (issue 26)", async () => {
    const platform = await operatorOf(h, 'default');
    const admin = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', admin.id, 'admin');
    const member = await h.user({ tenantId: 'acme' });
    // The member's own points (a top-up bought by the member, here credited by an operator).
    await adjustPoints(h.ctx.db, member.id, { amount: 1500, note: 'own' });
    const own = async () =>
      (await h.ctx.db.selectFrom('point_accounts').select('balance').where('user_id', '=', member.id).executeTakeFirst())
        ?.balance;
    const before = await own();
    await h.call({
      method: 'POST',
      url: '/api/console/tenants/acme/pool',
      headers: platform.auth,
      payload: { amount: 50, note: 'c' },
    });
    const post = (url: string, userId: string, amount: number) =>
      h.call({
        method: 'POST',
        url,
        headers: { ...admin.auth, 'accept-language': 'en' },
        payload: { userId, amount, note: 'x' },
      });
    expect((await post('/api/team/points/allocate', member.id, 20)).status).toBe(200);
    const greedy = await post('/api/team/points/reclaim', member.id, 1500);
    expect(greedy.status).toBe(409);
    expect(greedy.msg).toBe('Only unspent coins handed out by the team pool can be taken back (at most 20 coins)');
    expect((await post('/api/team/points/reclaim', member.id, 20)).status).toBe(200);
    const self = await post('/api/team/points/allocate', admin.id, 10);
    expect(self.status).toBe(403);
    expect(self.msg).toBe('Coins from the team pool cannot be given to yourself');
    expect(await own()).toBe(before);
  });

  it('console edits of tenant flags show at once and land in the audit log; other operator routes are audited too', async () => {
    const op = await operatorOf(h, 'acme');
    const user = await h.user({ tenantId: 'acme' });
    // The web's user menu links the console for console operators only (GET /api/team/me).
    const opMe = await h.call({ method: 'GET', url: '/api/team/me', headers: op.auth });
    expect(opMe.data).toMatchObject({ role: 'owner', consoleOperator: true });
    // The tenant name comes in the caller's language (the English UI shows no Chinese name).
    const plain = await h.user();
    const named = async (lang: string) =>
      (await h.call({ method: 'GET', url: '/api/team/me', headers: { ...plain.auth, 'accept-language': lang } })).data.tenantName;
    expect(await named('en')).toBe('InspoShot');
    expect(await named('zh')).toBe('灵感商拍');
    const flags = async () => (await h.call({ method: 'GET', url: '/api/tenants/flags', headers: user.auth })).data;
    expect((await flags()).hiddenRoutes).not.toContain('/kos-topic');
    const edit = await h.call({
      method: 'PUT',
      url: '/api/console/tenants/acme',
      headers: op.auth,
      payload: { flags: { menuSet: 'enterprise', hiddenRoutes: ['/kos-topic'] } },
    });
    expect(edit.status).toBe(200);
    expect((await flags()).hiddenRoutes).toContain('/kos-topic');
    expect(
      (await h.call({ method: 'PUT', url: '/api/console/tenants/default', headers: op.auth, payload: { name: 'x' } })).status,
    ).toBe(404);
    const sent = await h.call({
      method: 'POST',
      url: '/api/operator/inbox',
      headers: op.auth,
      payload: { title: 'Hello', content: 'Hi all', contentType: 'text' },
    });
    expect(sent.status).toBe(200);
    const log = await h.call({ method: 'GET', url: '/api/team/audit-log', headers: op.auth });
    const actions = log.data.list.map((r: { action: string }) => r.action);
    expect(actions).toContain('console.tenant.update');
    expect(actions).toContain('console POST /api/operator/inbox');
  });

  it('keeps a follow-up status on leads of the operator tenant only', async () => {
    const op = await operatorOf(h, 'acme');
    const member = await h.user({ tenantId: 'acme' });
    const lead = await h.call({
      method: 'POST',
      url: '/api/leads',
      headers: member.auth,
      payload: { type: 'MODI', name: 'Li', companyName: 'Acme', phone: '13800000000', address: '', email: '', description: '' },
    });
    expect(lead.status).toBe(200);
    const set = await h.call({
      method: 'PUT',
      url: `/api/console/followups/lead/${lead.data.id}`,
      headers: op.auth,
      payload: { status: 'contacted', note: 'called' },
    });
    expect(set.status).toBe(200);
    const list = await h.call({ method: 'GET', url: '/api/console/followups/lead', headers: op.auth });
    expect(list.data).toMatchObject([{ refId: lead.data.id, status: 'contacted', note: 'called' }]);
    const other = await operatorOf(h, 'default');
    expect(
      (
        await h.call({
          method: 'PUT',
          url: `/api/console/followups/lead/${lead.data.id}`,
          headers: other.auth,
          payload: { status: 'done' },
        })
      ).status,
    ).toBe(404);
  });

  it('platform operators replace the calendar platform nodes and the calendar shows them at once', async () => {
    const platform = await operatorOf(h, 'default');
    const tenantOp = await operatorOf(h, 'acme');
    const before = await h.call({ method: 'GET', url: '/api/console/platform-nodes', headers: platform.auth });
    expect(before.data.custom).toBe(false);
    expect(before.data.nodes.length).toBeGreaterThan(3);
    const node = { name: '店庆日', nameEn: 'Shop anniversary', month: 7, day: 9, desc: { zh: '周年庆', en: 'Anniversary sale' } };
    expect(
      (await h.call({ method: 'PUT', url: '/api/console/platform-nodes', headers: tenantOp.auth, payload: { nodes: [node] } }))
        .status,
    ).toBe(403);
    expect(
      (await h.call({ method: 'PUT', url: '/api/console/platform-nodes', headers: platform.auth, payload: { nodes: [node] } }))
        .status,
    ).toBe(200);
    const month = await h.call({
      method: 'GET',
      url: '/api/marketing/calendar?year=2027&month=7&lang=en',
      headers: platform.auth,
    });
    const names = (month.data as Array<{ day: string; entries: Array<{ name: string }> }>).flatMap((d) =>
      d.entries.map((e) => `${d.day} ${e.name}`),
    );
    expect(names.filter((n) => n.startsWith('2027/07/09'))).toEqual([expect.stringMatching(/店庆日|Shop anniversary/)]);
    const june = await h.call({
      method: 'GET',
      url: '/api/marketing/calendar?year=2027&month=6&lang=en',
      headers: platform.auth,
    });
    expect(JSON.stringify(june.data)).not.toMatch(/618/);
  });

  it('console operators give a tier with a reason; it shows as the user membership and in the audit log', async () => {
    const op = await operatorOf(h, 'acme');
    const user = await h.user({ tenantId: 'acme' });
    const given = await h.call({
      method: 'POST',
      url: `/api/console/users/${user.id}/tier`,
      headers: op.auth,
      payload: { tier: 'professional', months: 1, note: 'trial' },
    });
    expect(given.status).toBe(200);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: user.auth });
    expect(current.data.benefitPackage.product.productType).toBe('professional');
    // The console's user list shows the same tier and spendable points as the user's own package
    // (read for the whole page at once), and a user without a package as free.
    const plain = await h.user({ tenantId: 'acme' });
    const listed = await h.call({ method: 'GET', url: '/api/console/users?pageSize=100', headers: op.auth });
    const row = (id: string) => listed.data.list.find((u: { id: string }) => u.id === id);
    expect(row(user.id)).toMatchObject({ tier: 'professional', points: current.data.benefitPackage.remainBeanCount });
    expect(current.data.benefitPackage.remainBeanCount).toBeGreaterThan(0);
    const plainNow = await h.call({ method: 'GET', url: '/api/user/current', headers: plain.auth });
    expect(row(plain.id)).toMatchObject({ tier: 'free', points: plainNow.data.benefitPackage.remainBeanCount });
    const stranger = await h.user();
    expect(
      (
        await h.call({
          method: 'POST',
          url: `/api/console/users/${stranger.id}/tier`,
          headers: op.auth,
          payload: { tier: 'basic', months: 1, note: 'x' },
        })
      ).status,
    ).toBe(400);
    const log = await h.call({ method: 'GET', url: '/api/team/audit-log?action=console.user.tier', headers: op.auth });
    expect(log.data.list[0]).toMatchObject({
      action: 'console.user.tier',
      target: user.id,
      detail: { tier: 'professional', months: 1, note: 'trial' },
    });
  });

  it('roles change only below the actor; ownership moves by transfer', async () => {
    const owner = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', owner.id, 'owner');
    const admin = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', admin.id, 'admin');
    const other = await h.user({ tenantId: 'acme' });
    await putRole(h.ctx.db, 'acme', other.id, 'admin');
    const member = await h.user({ tenantId: 'acme' });
    const role = (who: { auth: { authorization: string } }, id: string, r: string) =>
      h.call({ method: 'PUT', url: `/api/team/members/${id}/role`, headers: who.auth, payload: { role: r } });
    expect((await role(admin, member.id, 'admin')).status).toBe(403);
    expect((await role(admin, other.id, 'member')).status).toBe(403);
    expect((await role(admin, admin.id, 'member')).status).toBe(403);
    expect((await role(admin, member.id, 'operator')).status).toBe(200);
    expect((await role(owner, member.id, 'admin')).status).toBe(200);
    expect((await role(owner, member.id, 'owner' as string)).status).toBe(400);
    expect(
      (await h.call({ method: 'POST', url: '/api/team/ownership', headers: admin.auth, payload: { userId: member.id } })).status,
    ).toBe(403);
    expect(
      (await h.call({ method: 'POST', url: '/api/team/ownership', headers: owner.auth, payload: { userId: member.id } })).status,
    ).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/team/me', headers: member.auth })).data.role).toBe('owner');
    expect((await h.call({ method: 'GET', url: '/api/team/me', headers: owner.auth })).data.role).toBe('admin');
    const removed = await h.call({ method: 'DELETE', url: `/api/team/members/${admin.id}`, headers: member.auth });
    expect(removed.status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/team/me', headers: admin.auth })).data).toMatchObject({
      tenantId: 'default',
      role: 'member',
    });
  });
});
