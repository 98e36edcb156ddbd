import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { AppError } from './errors.ts';
import { ownedRow } from './owned-row.ts';

const notFound = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ key: 'notFound' });

describeEachDb('ownedRow: a row by id within its owner, or not found', (kind) => {
  let h: Harness;
  // Notes name their author (a foreign key): two real users of the default tenant.
  let u1: string;
  let u2: string;
  const t1 = 'default';
  beforeAll(async () => {
    h = await createHarness(kind);
    u1 = (await h.user()).id;
    u2 = (await h.user()).id;
  });
  afterAll(() => h.close());

  const note = async (userId: string, tenantId: string) => {
    const now = Date.now();
    const values = { is_public: 0, content: '', images: '[]', tags: '[]', source_url: '', platform: '', metrics: '{}' };
    const row = await h.ctx.db
      .insertInto('notes')
      .values({ user_id: userId, tenant_id: tenantId, title: `of ${userId}`, ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it("answers the user's own row, whole and typed by its table", async () => {
    const id = await note(u1, t1);
    const row = await ownedRow(h.ctx.db, 'notes', id, { user_id: u1, tenant_id: t1 });
    expect(row).toMatchObject({ id, user_id: u1, tenant_id: t1, title: `of ${u1}` });
  });

  it("is not found for another user's id, another tenant's, or an id nobody has", async () => {
    const id = await note(u2, t1);
    await notFound(ownedRow(h.ctx.db, 'notes', id, { user_id: u1, tenant_id: t1 }));
    await notFound(ownedRow(h.ctx.db, 'notes', id, { user_id: u2, tenant_id: 'another' }));
    await notFound(ownedRow(h.ctx.db, 'notes', id + 1000, { user_id: u2, tenant_id: t1 }));
    const error = await ownedRow(h.ctx.db, 'notes', id, { user_id: u1 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(404);
  });

  it("answers a tenant's row to the tenant only", async () => {
    const row = await h.ctx.db
      .insertInto('compliance_words')
      .values({ tenant_id: t1, word: 'cure', level: 'block', suggestion: '', enabled: 1, created_by: u1, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await ownedRow(h.ctx.db, 'compliance_words', row.id, { tenant_id: t1 })).word).toBe('cure');
    await notFound(ownedRow(h.ctx.db, 'compliance_words', row.id, { tenant_id: 'another' }));
  });

  it('matches null as IS NULL (a deleted row is not found)', async () => {
    const values = { user_id: u1, tenant_id: t1, url: 'https://example.com/hook', events: '[]', secret: 's', created_at: 1 };
    await h.ctx.db
      .insertInto('webhooks')
      .values([
        { id: 'live', ...values, deleted_at: null },
        { id: 'gone', ...values, deleted_at: 2 },
      ])
      .execute();
    expect((await ownedRow(h.ctx.db, 'webhooks', 'live', { user_id: u1, deleted_at: null })).id).toBe('live');
    await notFound(ownedRow(h.ctx.db, 'webhooks', 'gone', { user_id: u1, deleted_at: null }));
  });

  it('reads only the columns asked for', async () => {
    const id = await note(u1, t1);
    const row = await ownedRow(h.ctx.db, 'notes', id, { user_id: u1, tenant_id: t1 }, ['id', 'title']);
    expect(row).toEqual({ id, title: `of ${u1}` });
    await notFound(ownedRow(h.ctx.db, 'notes', id, { user_id: u2, tenant_id: t1 }, ['id']));
  });

  it('reads within a transaction', async () => {
    const id = await note(u1, t1);
    const row = await h.ctx.db.transaction().execute((trx) => ownedRow(trx, 'notes', id, { user_id: u1, tenant_id: t1 }));
    expect(row.id).toBe(id);
  });

  it('refuses a scope that would widen the read (no owner, or an owner without a value)', async () => {
    const id = await note(u1, t1);
    await expect(ownedRow(h.ctx.db, 'notes', id, {})).rejects.not.toBeInstanceOf(AppError);
    await expect(ownedRow(h.ctx.db, 'notes', id, { user_id: undefined })).rejects.not.toBeInstanceOf(AppError);
  });

  it('takes only what the table has (tsc checks these lines)', () => {
    const misuses = () => [
      // @ts-expect-error notes have no `owner` column
      ownedRow(h.ctx.db, 'notes', 1, { owner: u1 }),
      // @ts-expect-error a note's id is a number
      ownedRow(h.ctx.db, 'notes', 'one', { user_id: u1 }),
      // @ts-expect-error no such table
      ownedRow(h.ctx.db, 'no_such_table', 1, { user_id: u1 }),
      // @ts-expect-error no such column to read
      ownedRow(h.ctx.db, 'notes', 1, { user_id: u1 }, ['owner']),
    ];
    expect(misuses).toBeTypeOf('function');
  });
});
