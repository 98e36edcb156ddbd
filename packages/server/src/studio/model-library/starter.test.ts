import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FashnDouble, startFashnDouble } from '../../engines/ai-photo/fashn/fashn-double.test-support.ts';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { insertTenant } from '../../identity/tenants/records.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { STARTER_FIGURES } from './starter.ts';

/**
 * The starter model library (issue 47): the platform's operators build a set of generated figures
 * through a keyed provider (FASHN's model-create, against its protocol double written from
 * docs.fashn.ai "Model Create"), published to every tenant with licence and consent; without a key
 * nothing is made and no provider is called.
 */
const settled = async (h: Harness, auth: Record<string, string>) => {
  for (let i = 0; i < 300; i++) {
    const status = await h.call({ method: 'GET', url: '/api/model-library/starter', headers: auth });
    if (status.data.latest?.status !== 'running') return status.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the build did not end');
};

describe('the starter model library without a provider key', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(() => h.close());

  it('says which key it needs before anything is made or charged, and seeds nothing', async () => {
    const operator = await operatorOf(h);
    const status = await h.call({ method: 'GET', url: '/api/model-library/starter', headers: operator.auth });
    expect(status.data).toMatchObject({ keys: ['FASHN_API_KEY'], ready: false, provider: null, latest: null });
    expect(status.data.figures).toHaveLength(STARTER_FIGURES.length);
    const refused = await h.call({
      method: 'POST',
      url: '/api/model-library/starter',
      headers: { ...operator.auth, 'accept-language': 'en' },
      payload: { count: 3 },
    });
    expect([refused.status, refused.code]).toEqual([503, 4031]);
    expect(refused.msg).toBe(
      'Awaiting setup: set FASHN_API_KEY to build the starter model library (no provider was called, nothing was charged)',
    );
    expect(await h.ctx.db.selectFrom('library_builds').selectAll().execute()).toEqual([]);
    expect(await h.ctx.db.selectFrom('library_models').selectAll().execute()).toEqual([]);
  });
});

// Both databases: one build at a time is a partial unique index.
describeEachDb('the starter model library through FASHN', (kind) => {
  let h: Harness;
  let fashn: FashnDouble;
  beforeAll(async () => {
    fashn = await startFashnDouble();
    h = await createHarness(kind, { FASHN_API_KEY: 'fashn-test-key', FASHN_BASE_URL: fashn.base });
  });
  afterAll(async () => {
    await h.close();
    await fashn.close();
  });

  it('makes varied figures with model-create and publishes them to every tenant with licence and consent', async () => {
    const operator = await operatorOf(h);
    expect((await h.call({ method: 'GET', url: '/api/model-library/starter', headers: operator.auth })).data).toMatchObject({
      ready: true,
      provider: 'fashn/model-create',
    });
    const runs = fashn.runs.length;
    const started = await h.call({
      method: 'POST',
      url: '/api/model-library/starter',
      headers: operator.auth,
      payload: { count: 4, lang: 'zh' },
    });
    expect(started.code, started.raw).toBe(0);
    expect(started.data).toMatchObject({ status: 'running', total: 4, provider: 'fashn', model: 'model-create' });
    const status = await settled(h, operator.auth);
    expect(status.latest).toMatchObject({ status: 'done', total: 4, made: 4, failed: 0, cost: 4, currency: 'credits' });

    // One model-create prediction per figure, from words alone (no reference picture), at 3:4, each described differently.
    const made = fashn.runs.slice(runs);
    expect(made.map((r) => r.model_name)).toEqual(Array(4).fill('model-create'));
    for (const run of made) {
      expect(run.inputs).not.toHaveProperty('image_reference');
      expect(run.inputs.aspect_ratio).toBe('3:4');
    }
    const prompts = made.map((r) => String(r.inputs.prompt));
    expect(new Set(prompts).size).toBe(4);
    expect(prompts[0]).toContain('woman in her twenties with a slim build and light skin');
    expect(prompts[1]).toContain('man in his twenties with an athletic build and medium skin');
    expect(prompts[1]).toContain('three-quarter turn');

    // A member of another tenant finds them in the public scope, tagged, with their licence and consent.
    const member = await h.user({ tenantId: 'shop-starter' });
    const library = await h.call({ method: 'GET', url: '/api/model-library?scope=public&pageSize=20', headers: member.auth });
    expect(library.data.total).toBe(4);
    expect(library.data.tags).toEqual(expect.arrayContaining(['入门模特库', '女', '男', '20多岁', '30多岁', '纤细', '浅肤色']));
    const first = library.data.list.find((m: { name: string }) => m.name === '女 · 20多岁 · 纤细 · 浅肤色');
    expect(first).toMatchObject({
      scope: 'public',
      editable: false,
      generatedBy: 'fashn/model-create',
      consent: 'AI 生成的虚拟人物，不对应任何真实个人，无需肖像授权',
      tags: ['女', '20多岁', '纤细', '浅肤色', '正面站姿', '入门模特库'],
    });
    expect(first.licence).toContain('fashn/model-create');
    expect((await h.app.inject({ method: 'GET', url: first.pictureUrl })).statusCode).toBe(200);
    // The member can use one in a tool like any library model.
    const used = await h.call({ method: 'POST', url: `/api/model-library/${first.modelId}/use`, headers: member.auth });
    expect(used.code).toBe(0);
  });

  it('is the platform operators’ alone, and runs one build at a time', async () => {
    await insertTenant(h.ctx.db, 'shop-starter-ops', { name: 'Ops shop' });
    const tenantOperator = await operatorOf(h, 'shop-starter-ops');
    const member = await h.user();
    for (const who of [tenantOperator, member]) {
      const res = await h.call({ method: 'POST', url: '/api/model-library/starter', headers: who.auth, payload: {} });
      expect(res.status).toBe(403);
    }
    const operator = await operatorOf(h);
    const now = Date.now();
    const running = {
      id: 'running-build',
      status: 'running' as const,
      lang: 'en',
      total: 12,
      made: 0,
      failed: 0,
      provider: 'fashn',
      model: 'model-create',
      cost: 0,
      currency: '',
      error: null,
      created_by: operator.id,
      created_at: now,
      updated_at: now,
      finished_at: null,
    };
    await h.ctx.db.insertInto('library_builds').values(running).execute();
    const busy = await h.call({ method: 'POST', url: '/api/model-library/starter', headers: operator.auth, payload: {} });
    expect([busy.status, busy.code]).toEqual([409, 4032]);
    // A build whose process died (no progress for 15 minutes) is closed, and a new one may start.
    await h.ctx.db
      .updateTable('library_builds')
      .set({ updated_at: now - 16 * 60_000 })
      .where('id', '=', 'running-build')
      .execute();
    const status = await h.call({ method: 'GET', url: '/api/model-library/starter', headers: operator.auth });
    expect(status.data.latest).toMatchObject({ buildId: 'running-build', status: 'failed' });
    expect(status.data.latest.error).toContain('interrupted');
  });

  it('stops after three failures in a row and publishes nothing it could not make', async () => {
    const operator = await operatorOf(h);
    const before = (await h.ctx.db.selectFrom('library_models').select('id').execute()).length;
    fashn.script.push('pipeline-error', 'pipeline-error', 'pipeline-error');
    const started = await h.call({ method: 'POST', url: '/api/model-library/starter', headers: operator.auth, payload: {} });
    expect(started.code, started.raw).toBe(0);
    const status = await settled(h, operator.auth);
    expect(status.latest).toMatchObject({ status: 'failed', total: 12, made: 0, failed: 3 });
    expect(status.latest.error).toContain('PipelineError');
    expect((await h.ctx.db.selectFrom('library_models').select('id').execute()).length).toBe(before);
  });
});
