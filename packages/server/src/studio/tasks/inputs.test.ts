import { afterAll, beforeAll, expect, it } from 'vitest';
import { forgetTenant } from '../../identity/tenants/store.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { multipart, testImage } from '../uploads/test-images.test-support.ts';
import { resolveInputs } from './inputs.ts';

/**
 * Which pictures feed a tool (issue 30): fresh uploads follow spec 001 §5 (500 KB and more) unless
 * the tenant's operator set its own minimum; the uploads a user's earlier tasks took (history) are
 * accepted again as they are.
 */
describeSqlite('generation inputs', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (err: { key?: string }) => err.key ?? String(err),
    );

  it("an 800x800 shop JPEG: refused by the spec's 500 KB, accepted under the tenant's minimum, then always as history", async () => {
    const user = await h.user();
    const body = multipart(await testImage('jpeg', 800), 'shop.jpg', 'image/jpeg');
    const res = await h.call({
      method: 'POST',
      url: '/api/upload',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    const url: string = res.data[0];
    expect(await code(resolveInputs(h.ctx, user.id, [url]))).toBe('uploadTooSmall');

    const { tenant_id } = await h.ctx.db
      .selectFrom('users')
      .select('tenant_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const flags = async (min: number | null, side: number | null) => {
      const json = JSON.stringify({ uploadMinKB: min, uploadMinSide: side });
      const [row] = await h.ctx.db.updateTable('tenants').set({ flags: json }).where('id', '=', tenant_id).execute();
      if (!Number(row?.numUpdatedRows))
        await h.ctx.db
          .insertInto('tenants')
          .values({ id: tenant_id, name: 't', name_en: 't', flags: json, created_at: Date.now(), updated_at: Date.now() })
          .execute();
      forgetTenant(h.ctx.db, tenant_id);
    };
    await flags(1, 1000);
    expect(await code(resolveInputs(h.ctx, user.id, [url]))).toBe('uploadResolutionTooLow');
    await flags(1, 600);
    const [input] = await resolveInputs(h.ctx, user.id, [url]);

    // A task took it: with the spec's minimum back, the same picture from the history still goes through.
    await flags(null, null);
    const now = Date.now();
    await h.ctx.db
      .insertInto('tasks')
      .values({
        id: 'history-task',
        user_id: user.id,
        tenant_id,
        biz_type: 'MATTING_IMAGE',
        engine: 'local',
        params: '{}',
        inputs: JSON.stringify([input]),
        status: 'completed',
        progress: 100,
        outputs: '[]',
        cost: 0,
        error: null,
        attempts: 1,
        worker_id: null,
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: now,
        deleted_at: null,
        text: null,
        data: null,
      })
      .execute();
    expect(await code(resolveInputs(h.ctx, user.id, [url]))).toBe('accepted');
    // Someone else's history does not count for them.
    const other = await h.user();
    expect(await code(resolveInputs(h.ctx, other.id, [url]))).toBe('taskInputInvalid');
  });
});
