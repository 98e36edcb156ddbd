import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { makePaid, upload, waitForTask } from '../tasks/test-support.ts';

describeEachDb('the model library', (kind) => {
  let h: Harness;
  let photo: Buffer;
  beforeAll(async () => {
    // One operator of the default tenant (publishes public models), one of tenant "shop-a".
    h = await createHarness(kind, { OPERATOR_ACCOUNTS: '13000000011,13000000012,13000000013' });
    // A result only needs to be a task's picture: the quick engine double (test-support/quick-engine.ts).
    quickLocalEngine(h.ctx);
    photo = await productPhoto();
  });
  afterAll(() => h.close());

  const list = async (auth: { authorization: string }, query = '') =>
    (await h.call({ method: 'GET', url: `/api/model-library${query}`, headers: auth })).data;
  const add = async (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/model-library', headers: auth, payload: body });

  it('starts empty: no one’s photos are seeded', async () => {
    const u = await h.user();
    expect(await list(u.auth)).toEqual({ list: [], total: 0, tags: [] });
  });

  it('keeps a user’s own model private, and lets operators add tenant and public models', async () => {
    const publicOp = await h.user({ phone: '13000000011' });
    const shopOp = await h.user({ phone: '13000000012', tenantId: 'shop-a' });
    const shopUser = await h.user({ tenantId: 'shop-a' });
    const shopUser2 = await h.user({ tenantId: 'shop-a' });
    const otherTenant = await h.user({ tenantId: 'shop-b' });

    const own = await add(shopUser.auth, { name: 'Me', tags: ['female'], picture: await upload(h, shopUser.auth, photo) });
    expect(own.data).toMatchObject({ name: 'Me', scope: 'own', editable: true, tags: ['female'] });
    const tenantModel = await add(shopOp.auth, {
      name: 'Lin',
      look: 'short black hair',
      tags: ['female', 'asian'],
      licence: 'Signed release 2026/01/02',
      picture: await upload(h, shopOp.auth, photo),
      scope: 'tenant',
    });
    expect(tenantModel.data.scope).toBe('tenant');
    const publicModel = await add(publicOp.auth, {
      name: 'Ada',
      tags: ['male'],
      picture: await upload(h, publicOp.auth, photo),
      scope: 'public',
    });
    expect(publicModel.data.scope).toBe('public');

    // A user who is not an operator cannot publish; a tenant's operator cannot publish to everyone.
    const refused = await add(shopUser.auth, { name: 'X', picture: await upload(h, shopUser.auth, photo), scope: 'tenant' });
    expect(refused.status).toBe(403);
    expect((await add(shopOp.auth, { name: 'X', picture: await upload(h, shopOp.auth, photo), scope: 'public' })).status).toBe(
      403,
    );
    // Another user's file is not a picture one may use.
    expect((await add(shopUser2.auth, { name: 'Stolen', picture: await upload(h, shopUser.auth, photo) })).code).toBe(4014);

    const names = async (auth: { authorization: string }, query = '') =>
      (await list(auth, query)).list.map((m: { name: string }) => m.name).sort();
    expect(await names(shopUser.auth)).toEqual(['Ada', 'Lin', 'Me']);
    expect(await names(shopUser2.auth)).toEqual(['Ada', 'Lin']);
    expect(await names(otherTenant.auth)).toEqual(['Ada']);
    expect(await names(shopUser.auth, '?scope=own')).toEqual(['Me']);
    expect(await names(shopUser.auth, '?tag=asian')).toEqual(['Lin']);
    expect(await names(shopUser.auth, '?q=BLACK')).toEqual(['Lin']);
    expect((await list(shopUser.auth)).tags).toEqual(['asian', 'female', 'male']);
    const seen = (await list(shopUser2.auth)).list.find((m: { name: string }) => m.name === 'Lin');
    expect(seen).toMatchObject({ editable: false, licence: 'Signed release 2026/01/02' });
    expect((await h.app.inject({ method: 'GET', url: seen.pictureUrl })).statusCode).toBe(200);

    // Someone else's own model is as absent as a missing one; a tenant model is not a user's to delete.
    const ownId = own.data.modelId;
    expect((await h.call({ method: 'DELETE', url: `/api/model-library/${ownId}`, headers: shopUser2.auth })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: `/api/model-library/${ownId}/use`, headers: otherTenant.auth })).status).toBe(
      404,
    );
    const tenantId = tenantModel.data.modelId;
    expect((await h.call({ method: 'DELETE', url: `/api/model-library/${tenantId}`, headers: shopUser.auth })).status).toBe(403);
    expect((await h.call({ method: 'POST', url: `/api/model-library/${tenantId}/use`, headers: otherTenant.auth })).status).toBe(
      404,
    );

    const edited = await h.call({
      method: 'PUT',
      url: `/api/model-library/${tenantId}`,
      headers: shopOp.auth,
      payload: { name: 'Lin 2', tags: ['asian'] },
    });
    expect(edited.data).toMatchObject({ name: 'Lin 2', tags: ['asian'] });
    expect((await h.call({ method: 'DELETE', url: `/api/model-library/${ownId}`, headers: shopUser.auth })).code).toBe(0);
    expect(await names(shopUser.auth)).toEqual(['Ada', 'Lin 2']);
  });

  it('hands a chosen model’s picture to the user as their own file, which a task accepts as input', async () => {
    const op = await h.user({ phone: '13000000013' });
    const model = await add(op.auth, { name: 'Bo', picture: await upload(h, op.auth, photo), scope: 'public' });
    const u = await h.user();
    const used = await h.call({ method: 'POST', url: `/api/model-library/${model.data.modelId}/use`, headers: u.auth });
    expect(used.data.name).toBe('Bo');
    const key = h.ctx.storage.keyFromUrl(used.data.url);
    const row = await h.ctx.db
      .selectFrom('uploads')
      .selectAll()
      .where('key', '=', key as string)
      .executeTakeFirst();
    expect(row?.user_id).toBe(u.id);
    // The caller's own file now: they may make a model of it themselves.
    expect((await add(u.auth, { name: 'Bo mine', picture: used.data.url })).code).toBe(0);
  });

  it('makes one of the user’s own results a model of theirs, and no one else’s', async () => {
    const u = await h.user();
    const other = await h.user();
    // QR art is a free local task: its picture stands in for a custom-model result here.
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'QR_CODE_ART', params: { content: 'https://example.com', topN: 1 }, inputs: [] },
    });
    const task = await waitForTask(h, u.auth, created.data.taskId);
    const picture = task.outputs[0].url;
    expect((await add(other.auth, { name: 'Not mine', picture })).code).toBe(4014);
    const mine = await add(u.auth, { name: 'From my result', picture });
    expect(mine.data).toMatchObject({ name: 'From my result', scope: 'own' });
    expect((await h.app.inject({ method: 'GET', url: mine.data.pictureUrl })).statusCode).toBe(200);
  });

  it('keeps a paid member’s house look (model, expression, scene); free members cannot save one; others’ models are refused', async () => {
    const member = await h.user();
    const stranger = await h.user();
    const look = (auth: { authorization: string }, payload?: Record<string, unknown>) =>
      h.call({
        method: payload ? 'PUT' : 'GET',
        url: '/api/model-library/house-look',
        headers: { ...auth, 'accept-language': 'en' },
        payload,
      });
    expect((await look(member.auth)).data).toBeNull();
    const model = await add(member.auth, { name: 'House', picture: await upload(h, member.auth, photo) });
    const body = { modelId: model.data.modelId, expression: 'smile', sceneId: 'street', customScene: '' };
    const free = await look(member.auth, body);
    expect([free.status, free.msg]).toEqual([403, 'A fixed model, expression and scene need a paid membership']);
    await makePaid(h.ctx, member.id);
    const saved = await look(member.auth, body);
    expect(saved.data).toMatchObject({
      model: { modelId: model.data.modelId, name: 'House' },
      expression: 'smile',
      sceneId: 'street',
    });
    expect((await look(member.auth)).data).toMatchObject({ expression: 'smile', sceneId: 'street', model: { name: 'House' } });
    // Someone else's own model is not theirs to fix.
    await makePaid(h.ctx, stranger.id);
    expect((await look(stranger.auth, body)).status).toBe(404);
    expect((await look(member.auth, { ...body, expression: 'grin' })).status).toBe(400);
  });
});
