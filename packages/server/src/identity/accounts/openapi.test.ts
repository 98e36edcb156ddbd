import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/harness.ts';

describe('OpenAPI document', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(() => h.close());

  it('lists every account path of API.md, and the dev outbox while it exists', async () => {
    const { paths } = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/auth/captcha',
      '/api/auth/captcha/verify',
      '/api/auth/code',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/reset',
      '/api/auth/session',
      '/api/auth/logout',
      '/api/user/current',
      '/api/dev/outbox',
    ])
      expect(paths, path).toHaveProperty([path]);
    expect(paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('loginType');
  });
});
