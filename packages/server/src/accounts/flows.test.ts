import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../test/harness.ts';
import { smsLogin } from './testing.ts';

describeEachDb('accounts smoke', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('registers by SMS and shows the user with 500 points', async () => {
    const { auth, phone } = await smsLogin(h);
    const session = await h.call({ method: 'GET', url: '/api/auth/session', headers: auth });
    expect(session.data.phone).toBe(phone);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: auth });
    expect(current.data.benefitPackage.remainBeanCount).toBe(500);
    expect(current.data.vipUser).toBe(false);
  });
});
