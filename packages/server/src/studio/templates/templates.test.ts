import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { upload } from '../tasks/test-support.ts';

describeSqlite('the template library', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { OPERATOR_ACCOUNTS: '13000000021,13000000022' });
  });
  afterAll(() => h.close());

  const save = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/templates', headers: auth, payload: body });
  const names = async (auth: { authorization: string }, query = '') =>
    (await h.call({ method: 'GET', url: `/api/templates${query}`, headers: auth })).data.list
      .map((t: { name: string }) => t.name)
      .sort();

  it('saves a user’s own template with the tool’s checked parameters and defaults, and refuses bad ones', async () => {
    const u = await h.user();
    const saved = await save(u.auth, {
      name: 'Beach outfit',
      bizType: 'TRY_ON',
      params: { scene: 'sunny beach', tryonType: 'set', ratio: '3:4' },
      preview: await upload(h, u.auth, await productPhoto()),
    });
    expect(saved.data).toMatchObject({
      name: 'Beach outfit',
      bizType: 'TRY_ON',
      scope: 'own',
      editable: true,
      params: {
        scene: 'sunny beach',
        tryonType: 'set',
        ratio: '3:4',
        genNum: 4,
        denoisingStrength: 0.55,
        erodeSize: 3,
        strength: 33,
      },
    });
    expect((await h.app.inject({ method: 'GET', url: saved.data.previewUrl })).statusCode).toBe(200);
    expect((await save(u.auth, { name: 'x', bizType: 'TRY_ON', params: { genNum: 9 } })).status).toBe(400);
    expect((await save(u.auth, { name: 'x', bizType: 'TRY_ON', params: { tryonType: 'both' } })).status).toBe(400);
    // Templates are for the generation tools only.
    expect((await save(u.auth, { name: 'x', bizType: 'MATTING_IMAGE', params: {} })).status).toBe(400);
    expect((await save(u.auth, { name: ' ', bizType: 'TRY_ON', params: {} })).status).toBe(400);

    const updated = await h.call({
      method: 'PUT',
      url: `/api/templates/${saved.data.templateId}`,
      headers: u.auth,
      payload: { name: 'Beach', params: { scene: 'sunset beach' }, preview: null },
    });
    expect(updated.data).toMatchObject({
      name: 'Beach',
      previewUrl: null,
      params: { scene: 'sunset beach', tryonType: 'split' },
    });
  });

  it('isolates users and tenants: operators publish to their tenant, the default tenant’s to everyone', async () => {
    const publicOp = await h.user({ phone: '13000000021' });
    const shopOp = await h.user({ phone: '13000000022', tenantId: 'shop-t' });
    const shopUser = await h.user({ tenantId: 'shop-t' });
    const shopUser2 = await h.user({ tenantId: 'shop-t' });
    const stranger = await h.user({ tenantId: 'shop-u' });
    const mine = await save(shopUser.auth, { name: 'Mine', bizType: 'MODEL_IMAGE_NEW', params: { scene: 'café' } });
    const shop = await save(shopOp.auth, { name: 'Shop', bizType: 'MODEL_IMAGE_NEW', params: {}, scope: 'tenant' });
    await save(publicOp.auth, { name: 'Everyone', bizType: 'PRODUCT_IMAGE', params: {}, scope: 'public' });
    expect((await save(shopUser.auth, { name: 'No', bizType: 'PRODUCT_IMAGE', params: {}, scope: 'tenant' })).status).toBe(403);
    expect((await save(shopOp.auth, { name: 'No', bizType: 'PRODUCT_IMAGE', params: {}, scope: 'public' })).status).toBe(403);

    expect(await names(shopUser.auth)).toEqual(['Everyone', 'Mine', 'Shop']);
    expect(await names(shopUser2.auth)).toEqual(['Everyone', 'Shop']);
    expect(await names(stranger.auth)).toEqual(['Everyone']);
    expect(await names(shopUser.auth, '?bizType=MODEL_IMAGE_NEW')).toEqual(['Mine', 'Shop']);
    expect(await names(shopUser.auth, '?scope=own')).toEqual(['Mine']);

    const mineUrl = `/api/templates/${mine.data.templateId}`;
    expect((await h.call({ method: 'GET', url: mineUrl, headers: shopUser2.auth })).status).toBe(404);
    expect((await h.call({ method: 'DELETE', url: mineUrl, headers: shopOp.auth })).status).toBe(404);
    const shopUrl = `/api/templates/${shop.data.templateId}`;
    expect((await h.call({ method: 'GET', url: shopUrl, headers: shopUser.auth })).data.editable).toBe(false);
    expect(
      (await h.call({ method: 'PUT', url: shopUrl, headers: shopUser.auth, payload: { name: 'Hijack', params: {} } })).status,
    ).toBe(403);
    expect((await h.call({ method: 'DELETE', url: shopUrl, headers: shopOp.auth })).code).toBe(0);
    expect(await names(shopUser.auth)).toEqual(['Everyone', 'Mine']);
  });
});
