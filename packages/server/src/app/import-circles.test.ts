import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, folderEdges, mutualPairs, rootCircles } from '../../../../scripts/check-circles.ts';

/**
 * Folder-level import circles between server domains (`npm run check:circles` prints them with
 * the imports that make them). The circles named in issue 10 stay broken, no new pair of
 * domains may start importing each other, no longer ring of folders may form (accounts -> tenants ->
 * membership -> accounts was one), and no file a composition root imports may reach that root
 * again, not even by `import type` (context.ts -> tasks/runtime.ts -> context.ts was one). No
 * exceptions are allowed.
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

  it('form no longer ring through three or more folders', () => {
    expect(circles(folderEdges())).toEqual([]);
  });

  it('do not lead back into a composition root (the context, the route list, start-up)', () => {
    expect(rootCircles()).toEqual([]);
  });

  it('are found by the checker in a tree that has them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('context.ts', "import { createRuntime } from '../studio/tasks/runtime.ts';\n");
    write('tasks/runtime.ts', "import type { AppContext } from '../../context.ts';\n");
    write('accounts/login.ts', "import { tenantOf } from '../tenants/store.ts';\n");
    write('tenants/store.ts', "import { benefit } from '../membership/benefit.ts';\n");
    write('membership/benefit.ts', "import type { User } from '../accounts/login.ts';\n");
    try {
      expect(rootCircles(root)).toEqual([['context.ts', 'tasks/runtime.ts', 'context.ts']]);
      expect(circles(folderEdges(root))).toEqual([['accounts', 'membership', 'tenants']]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
