import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listInbox } from '../../identity/inbox/service.ts';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { balance, ledgerOf, upload, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { productPhoto } from '../local/test-fixtures.test-support.ts';
import type { Engine, EngineResult } from '../types.ts';
import { circuitStates } from './circuit.ts';
import { createAiPhotoEngine } from './engine.ts';
import { type FalDouble, startFalDouble } from './fal/fal-double.test-support.ts';
import { createFalProvider } from './fal/provider.ts';
import { type FashnDouble, type FashnScript, startFashnDouble } from './fashn/fashn-double.test-support.ts';
import { createFashnProvider } from './fashn/provider.ts';
import { handoverFactory } from './handover.ts';
import { ProviderError } from './provider.ts';
import { attemptsOf, routerStats, saveRoute } from './store.ts';

/**
 * The fashion router's contract (issue 45) against the providers' protocol doubles: a failure of the
 * provider's own hands the task on with the same inputs, a refusal of the merchant's does not, the
 * circuit breaker opens, half-opens and closes, and the console's figures count exactly.
 */
const noop = () => undefined;
const unusedLock: Engine<EngineResult> = {
  name: 'garment-lock',
  bizTypes: [],
  run: () => Promise.reject(new Error('TRY_ON is not locked')),
};

describe('the fashion router (engine) against the doubles', () => {
  let h: Harness;
  let fashn: FashnDouble;
  let fal: FalDouble;
  let photo: Buffer;
  let seq = 0;
  const script = () => fashn.script;
  beforeAll(async () => {
    h = await createHarness('sqlite');
    fashn = await startFashnDouble();
    fal = await startFalDouble();
    photo = await productPhoto(128);
  });
  afterAll(async () => {
    await h.close();
    await fashn.close();
    await fal.close();
  });

  /** The engine as the product builds it, FASHN without retries and with a short deadline (a time-out in a test's time). */
  const engine = (fashnBase = fashn.base) =>
    createAiPhotoEngine(
      [
        createFashnProvider({ apiKey: 'fashn-test-key', baseUrl: fashnBase, pollMs: 5, maxRetries: 0, deadlineMs: 300 }),
        createFalProvider({ apiKey: 'fal-test-key', baseUrl: fal.url, pollMs: 5 }),
      ],
      { handover: handoverFactory(h.ctx.config), lock: unusedLock, keepOriginal: async () => '', circuitSeconds: 60 },
    );
  const run = async (e: Engine, taskId = `router-${++seq}`) => {
    const result = await e
      .run({
        taskId,
        bizType: 'TRY_ON',
        params: { genNum: 1, tryonType: 'set' },
        inputs: [
          { buffer: photo, contentType: 'image/png' },
          { buffer: photo, contentType: 'image/png' },
        ],
        signal: new AbortController().signal,
        progress: noop,
        db: h.ctx.db,
      })
      .catch((err: unknown) => err);
    return { taskId, result, attempts: await attemptsOf(h.ctx.db, taskId) };
  };
  const closeCircuits = () => h.ctx.db.deleteFrom('ai_photo_circuits').execute();

  it.each<[string, FashnScript | 'network']>([
    ['a network failure', 'network'],
    ['a 5xx', 'server-error'],
    ['a time-out', 'hang'],
    ['quota (out of credits)', 'out-of-credits'],
    ['its own error (PipelineError)', 'pipeline-error'],
  ])('hands the task to the next provider on %s, with the same inputs', async (_name, kind) => {
    await saveRoute(h.ctx.db, {
      bizType: 'TRY_ON',
      providers: [
        { provider: 'fashn', model: '', params: {}, unitCost: null },
        { provider: 'fal', model: '', params: {}, unitCost: null },
      ],
    });
    await closeCircuits();
    script().splice(0, script.length, ...(kind === 'network' ? [] : [kind]));
    const fashnRuns = fashn.runs.length;
    const { result, attempts } = await run(engine(kind === 'network' ? 'http://127.0.0.1:1/v1' : fashn.base));
    script().splice(0);
    expect(result).toMatchObject({ files: [expect.objectContaining({ type: 'image' })] });
    expect(attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ['fashn', 'failed'],
      ['fal', 'ok'],
    ]);
    // fal was handed what FASHN was handed: the same pictures (data URLs here, no PUBLIC_URL).
    const falInput = fal.submitted.at(-1)!.input;
    expect(falInput.model_image).toMatch(/^data:image\/png;base64,/);
    if (kind === 'hang' || kind === 'pipeline-error') expect(fashn.runs.at(-1)!.inputs.model_image).toBe(falInput.model_image);
    else expect(fashn.runs.length).toBe(fashnRuns);
  });

  it('does not hand on a refusal of the merchant’s input (moderation)', async () => {
    await closeCircuits();
    const submitted = fal.submitted.length;
    script().splice(0, script.length, 'moderation');
    const { result, attempts } = await run(engine());
    expect(result).toBeInstanceOf(ProviderError);
    expect((result as ProviderError).providerKey).toBe('imageModerationRefused');
    expect(attempts.map((a) => [a.provider, a.outcome])).toEqual([['fashn', 'refused']]);
    expect(fal.submitted.length).toBe(submitted);
    // A refusal says nothing of FASHN's health.
    expect((await circuitStates(h.ctx.db, 60)).get('fashn')?.failures ?? 0).toBe(0);
  });

  it('opens FASHN’s circuit after 3 failures in a row, skips it, half-opens after the interval and closes on a good probe', async () => {
    await closeCircuits();
    await h.ctx.db.deleteFrom('ai_photo_attempts').execute();
    const operator = await operatorOf(h);
    const member = await h.user();
    const inboxOf = (userId: string) =>
      listInbox(h.ctx.db, { userId, tenantId: 'default' }, { pageNum: 1, pageSize: 20 }).then((page) => page.list);
    script().splice(0, script.length, 'server-error', 'server-error', 'server-error');
    for (let i = 0; i < 3; i++) await run(engine());
    expect((await circuitStates(h.ctx.db, 60)).get('fashn')).toMatchObject({ state: 'open', failures: 3 });
    // The platform's operators are told in their inbox, in both languages, once for this opening.
    const [alert, ...more] = await inboxOf(operator.id);
    expect(more).toEqual([]);
    expect(alert!.msgTitle).toBe('AI 摄影服务商 FASHN 已熔断 / AI photography provider FASHN: circuit open');
    expect(alert!.msgContent).toContain('FASHN 连续失败 3 次');
    expect(alert!.msgContent).toContain('FASHN failed 3 times in a row');
    expect(alert!.msgContent).toContain('imageEngineFailed');
    expect(alert!.msgContent).toContain('/console?tab=engines');
    expect(await inboxOf(member.id)).toEqual([]);
    // Open: the next task goes straight to fal; FASHN is not asked.
    const before = fashn.requests.length;
    const skipped = await run(engine());
    expect(skipped.attempts.map((a) => [a.provider, a.outcome])).toEqual([['fal', 'ok']]);
    expect(fashn.requests.length).toBe(before);
    // The interval passes: one task probes FASHN, which fails: open again.
    const backdate = () =>
      h.ctx.db
        .updateTable('ai_photo_circuits')
        .set({ opened_at: Date.now() - 61_000 })
        .where('provider', '=', 'fashn')
        .execute();
    await backdate();
    expect((await circuitStates(h.ctx.db, 60)).get('fashn')!.state).toBe('half-open');
    script().splice(0, script.length, 'server-error');
    const failedProbe = await run(engine());
    expect(failedProbe.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ['fashn', 'failed'],
      ['fal', 'ok'],
    ]);
    expect((await circuitStates(h.ctx.db, 60)).get('fashn')!.state).toBe('open');
    // Next interval: the probe succeeds and the circuit closes.
    await backdate();
    const probe = await run(engine());
    expect(probe.attempts.map((a) => [a.provider, a.outcome])).toEqual([['fashn', 'ok']]);
    expect((await circuitStates(h.ctx.db, 60)).get('fashn')).toMatchObject({ state: 'closed', failures: 0 });
    // One message per opening: the failed probe prolonged the same outage and said nothing more.
    expect(await inboxOf(operator.id)).toHaveLength(1);

    // The console's figures of these six tasks, exactly.
    const stats = await routerStats(h.ctx.db, 1);
    expect(stats.find((s) => s.provider === 'fashn' && s.bizType === 'TRY_ON')).toMatchObject({
      tasks: 5,
      failures: 4,
      handedOver: 4,
    });
    const falStat = stats.find((s) => s.provider === 'fal' && s.bizType === 'TRY_ON')!;
    expect(falStat).toMatchObject({ tasks: 5, failures: 0, handedOver: 0 });
    expect(falStat.p50Ms).not.toBeNull();
    expect(falStat.p95Ms! >= falStat.p50Ms!).toBe(true);
  });
});

describe('the fashion router in the product: charged once, refunded once, attempts and console', () => {
  let h: Harness;
  let fashn: FashnDouble;
  let fal: FalDouble;
  beforeAll(async () => {
    // FASHN's account is out of credits (it stays so); fal is rate-limited once, then refuses nothing.
    fashn = await startFashnDouble({ script: ['out-of-credits'] });
    fal = await startFalDouble();
    h = await createHarness('sqlite', {
      FASHN_API_KEY: 'fashn-test-key',
      FASHN_BASE_URL: fashn.base,
      FAL_KEY: 'fal-test-key',
      FAL_BASE_URL: fal.url,
    });
  });
  afterAll(async () => {
    await h.close();
    await fashn.close();
    await fal.close();
  });

  const tryOn = async (auth: { authorization: string }) => {
    const person = await upload(h, auth, await productPhoto(512));
    return h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { bizType: 'TRY_ON', params: { genNum: 1, tryonType: 'set' }, inputs: [person, person] },
    });
  };

  it('routes TRY_ON to [fashn, fal]: FASHN out of credits hands over, the task is charged once and shows its attempts', async () => {
    const op = await operatorOf(h);
    const put = await h.call({
      method: 'PUT',
      url: '/api/console/ai-photo/routes/TRY_ON',
      headers: op.auth,
      payload: { providers: [{ provider: 'fashn' }, { provider: 'fal', unitCost: 0.075 }] },
    });
    expect(put.code, put.raw).toBe(0);
    const u = await h.user();
    const created = await tryOn(u.auth);
    expect(created.code, created.raw).toBe(0);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    const view = await h.call({ method: 'GET', url: `/api/tasks/${created.data.taskId}`, headers: u.auth });
    expect(view.data.attempts.map((a: { provider: string; outcome: string }) => [a.provider, a.outcome])).toEqual([
      ['fashn', 'failed'],
      ['fal', 'ok'],
    ]);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -created.data.cost }]);
    const panel = await h.call({ method: 'GET', url: '/api/console/ai-photo', headers: op.auth });
    expect(panel.data.routes).toContainEqual(
      expect.objectContaining({
        bizType: 'TRY_ON',
        providers: [
          { provider: 'fashn', model: '', params: {}, unitCost: null },
          { provider: 'fal', model: '', params: {}, unitCost: 0.075 },
        ],
      }),
    );
    const fashnRow = panel.data.providers.find((p: { provider: string }) => p.provider === 'fashn');
    expect(fashnRow).toMatchObject({
      keySet: true,
      circuit: 'closed',
      stats: [expect.objectContaining({ bizType: 'TRY_ON', tasks: 1, failures: 1, handedOver: 1 })],
    });
    expect(panel.data.providers.find((p: { provider: string }) => p.provider === 'dashscope')).toMatchObject({
      keySet: false,
      keyName: 'DASHSCOPE_API_KEY',
      models: expect.arrayContaining([
        { model: 'shoemodel-v1', trialOnly: true },
        { model: 'virtualmodel-v2', trialOnly: true },
      ]),
    });
  });

  it('refunds once when every provider fails', async () => {
    const op = await operatorOf(h);
    // The route is FASHN alone, still out of credits: every provider of the route failed.
    const put = await h.call({
      method: 'PUT',
      url: '/api/console/ai-photo/routes/TRY_ON',
      headers: op.auth,
      payload: { providers: [{ provider: 'fashn' }] },
    });
    expect(put.code).toBe(0);
    const u = await h.user();
    const created = await tryOn(u.auth);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('failed');
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -created.data.cost },
      { reason: 'refund', delta: created.data.cost },
    ]);
    expect(await balance(h, u.auth)).toBe(500);
    const view = await h.call({ method: 'GET', url: `/api/tasks/${created.data.taskId}`, headers: u.auth });
    expect(view.data.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['failed']);
    expect((await h.call({ method: 'GET', url: '/api/console/ai-photo', headers: op.auth })).code).toBe(0);
  });
});
