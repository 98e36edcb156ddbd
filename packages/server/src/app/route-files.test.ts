import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Route files do HTTP only (issue 10, "Domains own their tables"): a `routes.ts` or `*-routes.ts`
 * under packages/server/src validates, checks who asks and calls its domain's functions; it never
 * builds a query, runs SQL or opens a transaction itself. Passing `ctx.db` on to a domain function
 * is fine. The role matrix's `management-routes.test-support.ts` registries follow the same rule (their fixture
 * rows come from services or `*.fixtures.ts` files).
 */
const src = path.resolve(import.meta.dirname, '..');

const DIRECT_DB_USE: { what: string; pattern: RegExp }[] = [
  {
    what: 'query builder',
    pattern: /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/,
  },
  { what: 'raw SQL', pattern: /\bsql\s*(`|\.\s*(raw|ref|id|lit|join|table)\s*\()/ },
  { what: 'transaction', pattern: /\b(writeTransaction|transaction|connection)\s*\(/ },
  { what: 'raw driver handle', pattern: /\bsqliteHandleOf\s*\(/ },
  { what: 'runtime import of kysely', pattern: /^\s*import\s+(?!type\b)[^;]*from\s+['"]kysely['"]/ },
];

/** Drops comments (block and line) so that prose about queries does not count, keeping line numbers. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function directDbUse(text: string): string[] {
  const found: string[] = [];
  code(text)
    .split('\n')
    .forEach((line, i) => {
      for (const rule of DIRECT_DB_USE) if (rule.pattern.test(line)) found.push(`${i + 1}: ${rule.what}: ${line.trim()}`);
    });
  return found;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : routeFiles(full);
    return /(^|-)routes(\.test-support)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('route files', () => {
  it('recognise direct database use', () => {
    expect(directDbUse("const row = await ctx.db\n  .selectFrom('users')")).toHaveLength(1);
    expect(directDbUse('await sql`select 1`.execute(ctx.db);')).toHaveLength(1);
    expect(directDbUse('await writeTransaction(ctx.db, (trx) => go(trx));')).toHaveLength(1);
    expect(directDbUse("import { sql } from 'kysely';")).toHaveLength(1);
    expect(directDbUse("import type { Kysely } from 'kysely';")).toEqual([]);
    expect(directDbUse('return ok(await listLedger(ctx.db, user.id)); // not .selectFrom( here')).toEqual([]);
  });

  it('do HTTP only: no route file queries the database itself', () => {
    const files = routeFiles(src);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      directDbUse(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(src, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
