import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generateTypes, openapiDocument } from './contract.ts';

describe('generated API client types', () => {
  it('match what the current route schemas generate (run `npm run gen:api` after changing a route)', async () => {
    const expected = await generateTypes(await openapiDocument());
    const checkedIn = fs.readFileSync(GENERATED_TYPES_PATH, 'utf8');
    // A plain comparison would print 2,000 lines; name the first line that differs instead.
    const a = checkedIn.split('\n');
    const b = expected.split('\n');
    const line = a.findIndex((text, i) => text !== b[i]);
    const where = line === -1 ? (a.length === b.length ? null : Math.min(a.length, b.length) + 1) : line + 1;
    expect(
      where && `packages/core/src/api/schema.gen.ts is stale from line ${where}: run \`npm run gen:api\` and commit it`,
    ).toBeNull();
  });

  it('publish the shared wire shapes as named components', async () => {
    const document = (await openapiDocument()) as { components?: { schemas?: Record<string, unknown> } };
    const names = Object.keys(document.components?.schemas ?? {});
    for (const name of ['TaskView', 'CurrentUser', 'Order', 'TokenResponse', 'MembershipProducts', 'InboxMessage']) {
      expect(names).toContain(name);
    }
  });
});
