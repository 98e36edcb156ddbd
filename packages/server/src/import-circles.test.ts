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
  'engines <-> marketing', // the chat engine and the marketing domain (MKT)
]);

describe('server import circles', () => {
  it('are gone between the domains that own points, memberships, orders and accounts', () => {
    const found = pairs();
    for (const pair of [
      'membership <-> points',
      'accounts <-> points',
      'membership <-> orders',
      'accounts <-> http',
      'orders <-> payments',
      'tasks <-> uploads',
      'embed <-> http',
    ]) {
      expect(found).not.toContain(pair);
    }
  });

  it('do not appear between any other two folders', () => {
    expect(pairs().filter((pair) => !KNOWN.has(pair))).toEqual([]);
  });
});
