import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { grantOperator, isOperator, revokeOperator } from './operators.ts';

describeEachDb('operators', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { OPERATOR_ACCOUNTS: '13000000001, Boss@Example.com' });
  });
  afterAll(() => h.close());

  it('grants and revokes operator rights for the account own tenant', async () => {
    const user = await h.user({ phone: '13100000002', tenantId: 'natural-2' });
    expect(await isOperator(h.ctx, user.id, 'natural-2')).toBe(false);
    expect(await grantOperator(h.ctx.db, '13100000002')).toEqual({ userId: user.id, tenantId: 'natural-2' });
    expect(await grantOperator(h.ctx.db, '13100000002')).toEqual({ userId: user.id, tenantId: 'natural-2' });
    expect(await isOperator(h.ctx, user.id, 'natural-2')).toBe(true);
    expect(await isOperator(h.ctx, user.id, 'default')).toBe(false);
    const leads = await h.call({ method: 'GET', url: '/api/operator/leads', headers: user.auth });
    expect(leads.status).toBe(200);
    expect(await revokeOperator(h.ctx.db, '13100000002')).toBe(true);
    expect((await h.call({ method: 'GET', url: '/api/operator/leads', headers: user.auth })).status).toBe(403);
    expect(await grantOperator(h.ctx.db, '19999999999')).toBeNull();
  });

  it('treats OPERATOR_ACCOUNTS as operators of their own tenant', async () => {
    const byPhone = await h.user({ phone: '13000000001', tenantId: 'kos' });
    const byMail = await h.user({ email: 'boss@example.com' });
    expect((await h.call({ method: 'GET', url: '/api/operator/leads', headers: byPhone.auth })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/operator/leads', headers: byMail.auth })).status).toBe(200);
    expect(await isOperator(h.ctx, byPhone.id, 'kos')).toBe(true);
  });
});

it('npm run operator grants rights through the command line', async () => {
  const h = await createHarness('sqlite');
  try {
    await h.user({ phone: '13200000003' });
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/app/operator-cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: h.ctx.config.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    expect(run('13200000003')).toContain('13200000003 is now an operator of tenant default');
    const row = await h.ctx.db.selectFrom('operators').selectAll().executeTakeFirst();
    expect(row?.tenant_id).toBe('default');
    expect(run('--remove', '13200000003')).toContain('is no longer an operator');
  } finally {
    await h.close();
  }
});
