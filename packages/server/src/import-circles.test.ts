import { describe, expect, it } from 'vitest';
import { folderEdges, mutualPairs } from '../../../scripts/check-circles.ts';

/**
 * Folder-level import circles between server domains (`npm run check:circles` prints them with
 * the imports that make them). The circles named in issue 10 stay broken, and no new pair of
 * domains may start importing each other.
 */
const pairs = () => mutualPairs(folderEdges()).map(([a, b]) => [a.from, b.from].sort().join(' <-> '));

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
      'engines <-> marketing',
    ]) {
      expect(found).not.toContain(pair);
    }
  });

  it('do not appear between any other two folders', () => {
    expect(pairs()).toEqual([]);
  });
});
