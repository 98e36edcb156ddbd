import { describe, expect, it } from 'vitest';
import { folderEdges, mutualPairs } from '../../../scripts/check-circles.ts';

/**
 * Folder-level import circles between server domains (`npm run check:circles` prints them with
 * the imports that make them). The circles named in issue 10 stay broken, and no new pair of
 * domains may start importing each other.
 */
const pairs = () => mutualPairs(folderEdges()).map(([a, b]) => [a.from, b.from].sort().join(' <-> '));

/** Still there, each with its owner's follow-up (docs/architecture.md "Import circles"). */
const KNOWN = new Set([
  'orders <-> payments', // payment webhooks apply notifications to orders (SEC: move them into orders)
  'tasks <-> uploads', // uploads/mask-bounds.ts uses tasks/inputs.ts (PLATFORM)
  'embed <-> http', // http/security-headers.ts reads the embed allow-list (SEC)
  'engines <-> marketing', // the chat engine and the marketing domain (MKT)
]);

describe('server import circles', () => {
  it('are gone between the domains that own points, memberships, orders and accounts', () => {
    const found = pairs();
    for (const pair of ['membership <-> points', 'accounts <-> points', 'membership <-> orders', 'accounts <-> http']) {
      expect(found).not.toContain(pair);
    }
  });

  it('do not appear between any other two folders', () => {
    expect(pairs().filter((pair) => !KNOWN.has(pair))).toEqual([]);
  });
});
