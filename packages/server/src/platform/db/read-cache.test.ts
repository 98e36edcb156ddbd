import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantPoints } from '../../commerce/points/grants.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { sqliteHandleOf } from './index.ts';
import { OTHER_WRITERS_MS } from './read-cache.ts';
import { writeTransaction } from './transaction.ts';

/**
 * GET /api/user/current and the session lookup keep their answers in memory on SQLite
 * (db/read-cache.ts): a client must never see an answer older than the data, whoever wrote it.
 */
const current = (h: Harness, auth: { authorization: string }) =>
  h.call({ method: 'GET', url: '/api/user/current', headers: auth });

/** Another process's commit is seen within OTHER_WRITERS_MS. */
const otherWritersSeen = () => new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_MS + 1));

describe('hot reads on SQLite, written by another process', () => {
  let h: Harness;
  let other: SQLite.Database;
  beforeAll(async () => {
    h = await createHarness('sqlite');
    // Another connection to the same file: a worker process, an operator's script.
    other = new SQLite(sqliteHandleOf(h.ctx.db)!.name);
  });
  afterAll(async () => {
    other.close();
    await h.close();
  });

  it('shows a balance another process wrote on the very next request', async () => {
    const u = await h.user();
    const before = (await current(h, u.auth)).data.benefitPackage.remainBeanCount;
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(before);
    other.prepare('UPDATE point_accounts SET balance = ? WHERE user_id = ?').run(4242, u.id);
    await otherWritersSeen();
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(4242);
  });

  it('refuses a token that another process revoked on the very next request', async () => {
    const u = await h.user();
    expect((await current(h, u.auth)).status).toBe(200);
    other.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ?').run(Date.now(), u.id);
    await otherWritersSeen();
    expect((await current(h, u.auth)).status).toBe(401);
  });

  it('refuses bearer tokens no session has, long ones included, and still answers the real one', async () => {
    const u = await h.user();
    for (const token of ['x'.repeat(43), 'y'.repeat(10_000)])
      expect((await current(h, { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await current(h, u.auth)).status).toBe(200);
  });

  it('shows a profile change written through this process at once', async () => {
    const u = await h.user();
    await current(h, u.auth);
    await h.ctx.db.updateTable('users').set({ company_name: 'Acme Wigs' }).where('id', '=', u.id).execute();
    expect((await current(h, u.auth)).data.user.companyName).toBe('Acme Wigs');
  });

  it("shows a write through the connection's own statements at once (the points' and the index's way)", async () => {
    const u = await h.user();
    const sqlite = sqliteHandleOf(h.ctx.db)!;
    await current(h, u.auth);
    sqlite.prepare('UPDATE point_accounts SET balance = ? WHERE user_id = ?').run(777, u.id);
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(777);
    sqlite.exec(`UPDATE users SET company_name = 'Exec Shoes' WHERE id = '${u.id}'`);
    expect((await current(h, u.auth)).data.user.companyName).toBe('Exec Shoes');
    const [row] = sqlite
      .prepare('UPDATE point_accounts SET balance = ? WHERE user_id = ? RETURNING balance')
      .all(778, u.id) as Array<{ balance: number }>;
    expect(row?.balance).toBe(778);
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(778);
  });
});

describeEachDb('hot reads that change with time alone', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => h.close());

  it('refuses a session once it expires, with nothing written in between', async () => {
    const u = await h.user();
    const { expires_at } = await h.ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect((await current(h, u.auth)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expires_at + 1);
    expect((await current(h, u.auth)).status).toBe(401);
  });

  it('stops counting points the moment they lapse, with nothing written in between', async () => {
    const u = await h.user();
    const base = (await current(h, u.auth)).data.benefitPackage.remainBeanCount;
    const lapseAt = Date.now() + 60_000;
    await writeTransaction(h.ctx.db, (trx) =>
      grantPoints(trx, {
        userId: u.id,
        amount: 30,
        kind: 'topup',
        reason: 'admin_adjust',
        refType: 'test',
        refId: u.id,
        expiresAt: lapseAt,
      }),
    );
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(base + 30);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(lapseAt + 1);
    expect((await current(h, u.auth)).data.benefitPackage.remainBeanCount).toBe(base);
  });
});
