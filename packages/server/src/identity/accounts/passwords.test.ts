import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../test-support/harness.ts';
import { hashPassword } from './passwords.ts';

const serverSrc = path.resolve(import.meta.dirname, '../..');

describe('password hashing', () => {
  it('hashes at the full cost (scrypt N=2^15) until the test cost is asked for, and checks hashes of either cost', async () => {
    // Importing the test harness switched the copy every suite uses.
    expect((await hashPassword('secret-123')).split('$')[1]).toBe('1024');
    // A copy of the module that nothing in this worker has switched, as a production process loads it.
    const asInProduction = './passwords.ts?as-in-production';
    const fresh: typeof import('./passwords.ts') = await import(/* @vite-ignore */ asInProduction);
    const full = await fresh.hashPassword('secret-123');
    expect(full.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await fresh.verifyPassword('secret-123', full)).toBe(true);
    expect(await fresh.verifyPassword('secret-124', full)).toBe(false);

    fresh.hashPasswordsAtTestCost();
    const cheap = await fresh.hashPassword('secret-123');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    // The cost is read from the stored hash: full-cost hashes still check at their own cost.
    expect(await fresh.verifyPassword('secret-123', full)).toBe(true);
    expect(await fresh.verifyPassword('secret-123', cheap)).toBe(true);
  });

  it('is switched to the test cost by the test harness alone', () => {
    const callers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          if (/hashPasswordsAtTestCost\(\);/.test(fs.readFileSync(file, 'utf8'))) callers.push(path.relative(serverSrc, file));
        }
      }
    };
    walk(serverSrc);
    expect(callers).toEqual(['test-support/harness.ts']);
  });
});
