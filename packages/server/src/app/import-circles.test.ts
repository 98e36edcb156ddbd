import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  contextBackImports,
  domainEdges,
  fileCircles,
  fileImports,
  foreignTableAccess,
  upwardImports,
  WEB,
} from '../../../../scripts/check-circles.ts';

/**
 * The architecture rules of docs/architecture.md (`npm run check:circles` prints what breaks them,
 * with the import or query that does): floors (platform < engines < domains < app) never imported
 * upwards, no circle between domains or between files (inside a folder too, server and web), and
 * no domain reading or writing another domain's tables. No exceptions are allowed.
 */
describe('server architecture', () => {
  it('has no import that runs up a floor', () => {
    expect(upwardImports().map((e) => e.via)).toEqual([]);
  });

  it('has no circle between domains', () => {
    expect(circles(domainEdges())).toEqual([]);
  });

  it('has no circle between files, server or web', () => {
    expect(fileCircles()).toEqual([]);
    expect(fileCircles(WEB)).toEqual([]);
  });

  it('has no context that imports a context above it (identity < commerce < studio < organisation < content < integrations)', () => {
    expect(contextBackImports().map((e) => e.via)).toEqual([]);
  });

  it("has no domain that reads or writes another domain's tables", () => {
    expect(foreignTableAccess().map((t) => `${t.file}:${t.line} ${t.table} (${t.owner}): ${t.code}`)).toEqual([]);
  });

  it('finds every kind of break in a tree that has them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    // A bare import, a type import, a dynamic import and a module loaded by URL all count.
    write('app/context.ts', "import './catalogue.ts';\n");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the file written holds a template literal
    write('app/catalogue.ts', 'const m = new URL(`../content/kos/persona${EXT}`, import.meta.url);\n');
    write('content/kos/persona.ts', "import type { AppContext } from '../../app/context.ts';\n");
    write('identity/accounts/login.ts', "export const x = () => import('../../organisation/tenants/store.ts');\n");
    write('organisation/tenants/store.ts', "import { benefit } from '../../commerce/membership/benefit.ts';\n");
    write(
      'commerce/membership/benefit.ts',
      "export { login } from '../../identity/accounts/login.ts';\nexport const n = (db) => db.selectFrom('tenants').selectAll();\n",
    );
    write('organisation/tenants/tables.ts', 'export interface TenantTables {\n  tenants: { id: string };\n}\n');
    write('platform/db/index.ts', "import { Row } from '../../studio/tasks/store.ts';\n");
    write('studio/tasks/store.ts', '// commented: import { x } from "../../platform/db/index.ts";\n');
    try {
      expect(fileImports(root).get('app/catalogue.ts')).toEqual(['content/kos/persona.ts']);
      expect(fileCircles(root)).toEqual([
        ['app/catalogue.ts', 'app/context.ts', 'content/kos/persona.ts'],
        ['commerce/membership/benefit.ts', 'identity/accounts/login.ts', 'organisation/tenants/store.ts'],
      ]);
      expect(circles(domainEdges(fileImports(root)))).toEqual([
        ['app', 'content/kos'],
        ['commerce/membership', 'identity/accounts', 'organisation/tenants'],
      ]);
      expect(upwardImports(fileImports(root)).map((e) => `${e.from} -> ${e.to}`)).toEqual([
        'content/kos -> app',
        'platform/db -> studio/tasks',
      ]);
      expect(foreignTableAccess(root)).toEqual([
        {
          file: 'commerce/membership/benefit.ts',
          line: 2,
          table: 'tenants',
          owner: 'organisation/tenants',
          code: "export const n = (db) => db.selectFrom('tenants').selectAll();",
        },
      ]);
      // Of the three context imports, one runs up the order (commerce -> identity and organisation ->
      // commerce run down it).
      expect(contextBackImports(fileImports(root)).map((e) => `${e.from} -> ${e.to}`)).toEqual(['identity -> organisation']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads tables named through a variable and SQL over several lines', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'architecture-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('commerce/leads/tables.ts', 'export interface LeadTables {\n  leads: { id: number };\n}\n');
    write('content/kos/tables.ts', 'export interface KosTables {\n  kos_topics: { id: number };\n}\n');
    write(
      'organisation/console/followups.ts',
      [
        "const table = kind === 'lead' ? 'leads' : 'feedback';",
        'export const a = (db) => db.selectFrom(table).selectAll();',
        "export const b = (db) => db.selectFrom(t as 'kos_topics' | 'leads').selectAll();",
        "export const c = (db) => db.selectFrom(sub.as('s')).selectAll();",
        'export const d = (db) => sql`select id',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the file written holds a template literal
        '  from leads where id = ${1}`;',
        'export const e = (db) => db',
        '  .selectFrom(',
        "    'kos_topics',",
        '  );',
      ].join('\n'),
    );
    try {
      expect(foreignTableAccess(root).map((t) => `${t.line} ${t.table} (${t.owner})`)).toEqual([
        '2 <non-literal> (unknown)',
        '3 kos_topics (content/kos)',
        '3 leads (commerce/leads)',
        '6 leads (commerce/leads)',
        '9 kos_topics (content/kos)',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
