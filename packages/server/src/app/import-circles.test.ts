import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
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
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
