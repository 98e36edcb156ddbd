/**
 * The server's architecture rules, checked (`npm run check:circles`; the test
 * packages/server/src/app/import-circles.test.ts runs the same checks). docs/architecture.md draws
 * the map these rules keep:
 *
 * - Floors: platform (0) < engines (1) < domains (2, grouped by bounded context) < app (3, the
 *   entry points and composition root). An import never runs up a floor. The one declared
 *   exception: platform/db/schema.ts and the migrations read each domain's `tables.ts`, a type-only
 *   leaf that imports nothing of ours.
 * - Circles: none between domains, and none between files, inside a folder too (server and web).
 * - Tables: a table belongs to the domain whose `tables.ts` declares it; no other domain reads or
 *   writes it (query builder, joins or raw SQL). Other domains call the owner's functions.
 *
 * Every import form counts: `import ... from`, `import type`, `export ... from`, bare `import './x'`,
 * `import('./x')` and `new URL('./x', import.meta.url)` module references. Tests and test support
 * are left out (a test may reach into any domain).
 */
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
export const SERVER = path.join(REPO, 'packages/server/src');
export const WEB = path.join(REPO, 'packages/web/src');

/**
 * The bounded contexts of the server, lowest first: each holds domain folders and imports only the
 * contexts before it (docs/architecture.md). Needs that run the other way are hooks registered by
 * the composition root (app/account-events.ts) or values passed in by it (TenantGates).
 */
export const CONTEXTS = ['identity', 'commerce', 'studio', 'organisation', 'content', 'integrations'];

const IMPORTS = [
  // import x from '…', import type …, export … from '…', import '…'
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s*from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm,
  // import('…')
  /\bimport\s*\(\s*['"`](\.{1,2}\/[^'"`$]+)['"`]\s*\)/g,
  // new URL('./x.ts', import.meta.url) and new URL(`./x${EXT}`, import.meta.url): modules loaded by path
  /new\s+URL\(\s*['"`](\.{1,2}\/[^'"`$]+?)(?:\$\{EXT\})?['"`]\s*,\s*import\.meta\.url/g,
];

export const isTestFile = (file: string) =>
  /\.test\.tsx?$|\.test-support\.tsx?$|(^|\/)test-support(\/|\.ts$)|\.fixtures\.ts$/.test(file.split(path.sep).join('/'));

export interface Edge {
  from: string;
  to: string;
  /** One file and import that makes the edge (for the report). */
  via: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full, out);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Drops comments so that prose about imports or queries does not count (line numbers kept). */
export function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolveImport(file: string, spec: string): string {
  const target = path.resolve(path.dirname(file), spec);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return /\.(ts|tsx|mjs|js)$/.test(target) ? target : `${target}.ts`;
}

/** Every file-to-file import of a tree's non-test sources (relative paths). */
export function fileImports(root = SERVER): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of walk(root)) {
    if (isTestFile(path.relative(root, file))) continue;
    const text = code(fs.readFileSync(file, 'utf8'));
    const targets = new Set<string>();
    for (const pattern of IMPORTS)
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(file, match[1]!);
        if (target.startsWith(root + path.sep)) targets.add(path.relative(root, target).split(path.sep).join('/'));
      }
    graph.set(path.relative(root, file).split(path.sep).join('/'), [...targets]);
  }
  return graph;
}

/** The domain of a server file: `app`, `platform/<part>`, `engines/<engine>` or `<context>/<domain>`. */
export function domainOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'app') return 'app';
  if (parts.length === 2) return `${parts[0]}/${parts[1]!.replace(/\.tsx?$/, '')}`.replace(/^engines\/.*$/, 'engines');
  return `${parts[0]}/${parts[1]}`;
}

/** 0 platform, 1 engines, 2 the domains of the bounded contexts, 3 app. */
export function floorOf(domain: string): number {
  const top = domain.split('/')[0]!;
  if (top === 'platform') return 0;
  if (top === 'engines') return 1;
  if (top === 'app') return 3;
  return 2;
}

/** The declared way up: the schema and the migrations read the domains' type-only table files. */
const isSchemaRead = (from: string, to: string) =>
  /^platform\/db\/(schema\.ts|migrations\/)/.test(from) && /\/tables\.ts$/.test(to);

/** Domain-to-domain edges of the server. */
export function domainEdges(graph = fileImports()): Edge[] {
  const edges = new Map<string, Edge>();
  for (const [file, targets] of graph)
    for (const target of targets) {
      const from = domainOf(file);
      const to = domainOf(target);
      if (from === to || isSchemaRead(file, target)) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, via: `${file} imports ${target}` });
    }
  return [...edges.values()];
}

/** Imports that run up a floor (platform -> engines/domains/app, engines -> domains/app, domains -> app). */
export function upwardImports(graph = fileImports()): Edge[] {
  return domainEdges(graph).filter((e) => floorOf(e.to) > floorOf(e.from));
}

/** The strongly connected components of more than one node (Tarjan), each sorted. */
export function circles(edges: Array<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found;
}

/** File-level circles of a tree (server or web), inside folders too. */
export function fileCircles(root = SERVER): string[][] {
  const graph = fileImports(root);
  return circles([...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to }))));
}

/** Table -> owning domain, read from every domain's `tables.ts` (and platform/db/core-tables.ts). */
export function tableOwners(root = SERVER): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of walk(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (!/(^|\/)(tables|core-tables)\.ts$/.test(rel)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/^ {2}([a-z][a-z0-9_]*)\s*:/gm))
      owners.set(match[1]!, domainOf(rel));
  }
  return owners;
}

export interface TableAccess {
  file: string;
  line: number;
  table: string;
  owner: string;
  /** The line of code, trimmed. */
  code: string;
}

/** A query builder call, or the owned-row helper's table argument (platform/http/owned-row.ts). */
const BUILDER_CALL =
  /(?:\.\s*(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|with)\s*\(|\bownedRow\s*\([^,()'"]*,)\s*/g;
/** A literal table name, with an optional alias: `'ideas'`, `"ideas as i"`. */
const LITERAL_TABLE = /^['"]([a-z][a-z0-9_]*)(?:\s+as\s+\w+)?['"]/;
/** A variable cast to a union of literal tables: `table as 'kos_personas' | 'kos_accounts'`. */
const CAST_UNION = /^[\w.]+\s+as\s+((?:['"][a-z][a-z0-9_]*['"]\s*\|?\s*)+)/;
const RAW = /\b(?:from|join|into|update|table)\s+"?([a-z][a-z0-9_]*)"?/gi;

/**
 * Files whose builder calls take a table from a variable on purpose: a domain's own generic helper
 * over tables it owns, or the platform's owned-row helper, each call site passing a literal (a cast to
 * a literal union, as in content/kos/service.ts, is read and checked instead).
 */
export const GENERIC_TABLE_HELPERS: string[] = ['platform/http/owned-row.ts'];

/** The 1-based line of an offset in a text. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Reads and writes of a table outside the domain that owns it (migrations and the schema aside):
 * builder calls with a literal table or a cast to a union of literals, and raw SQL inside `sql`
 * templates, both read across lines. A builder call whose table is any other expression is
 * reported as `<non-literal>` unless its file is a declared generic helper.
 */
export function foreignTableAccess(root = SERVER): TableAccess[] {
  const owners = tableOwners(root);
  const found: TableAccess[] = [];
  for (const file of walk(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (isTestFile(rel) || /^(platform\/db|app\/migrations)\//.test(rel)) continue;
    const domain = domainOf(rel);
    const text = code(fs.readFileSync(file, 'utf8'));
    const lines = text.split('\n');
    const report = (table: string, offset: number, owner: string) => {
      const line = lineAt(text, offset);
      found.push({ file: rel, line, table, owner, code: lines[line - 1]!.trim() });
    };
    const uses: Array<{ table: string; offset: number }> = [];
    for (const call of text.matchAll(BUILDER_CALL)) {
      const offset = call.index! + call[0].length;
      const rest = text.slice(offset, offset + 300);
      const literal = LITERAL_TABLE.exec(rest);
      const cast = literal ? null : CAST_UNION.exec(rest);
      if (literal) uses.push({ table: literal[1]!, offset });
      else if (cast) for (const m of cast[1]!.matchAll(/['"]([a-z][a-z0-9_]*)['"]/g)) uses.push({ table: m[1]!, offset });
      // A sub-query (`(eb) => ...`, `lines.as('l')`, `figures(db).as('f')`) names its tables where it
      // is built, which the other matches read.
      else if (!/^(?:\(|\w+\s*=>|eb\b|qb\b|\[|[\w.]+(?:\([^()]*\))?\s*\.as\()/.test(rest) && !GENERIC_TABLE_HELPERS.includes(rel))
        report('<non-literal>', offset, 'unknown');
    }
    // Raw SQL: only inside sql`…` templates, however many lines they take.
    for (const tpl of text.matchAll(/\bsql(?:<[^>]*>)?`([^`]*)`/g)) {
      const start = tpl.index! + tpl[0].indexOf('`') + 1;
      for (const m of tpl[1]!.matchAll(RAW)) uses.push({ table: m[1]!, offset: start + m.index! });
    }
    for (const use of uses) {
      const owner = owners.get(use.table);
      if (owner && owner !== domain) report(use.table, use.offset, owner);
    }
  }
  return found.sort((x, y) => x.file.localeCompare(y.file) || x.line - y.line);
}

/** The context of a domain (`identity/accounts` -> identity), or undefined for platform, engines and app. */
export const contextOf = (domain: string) => {
  const top = domain.split('/')[0]!;
  return CONTEXTS.includes(top) ? top : undefined;
};

/** Imports from one context into a context above it (CONTEXTS order), one per file pair. */
export function contextBackImports(graph = fileImports()): Edge[] {
  const found: Edge[] = [];
  for (const [file, targets] of graph)
    for (const target of targets) {
      const from = contextOf(domainOf(file));
      const to = contextOf(domainOf(target));
      if (from && to && CONTEXTS.indexOf(to) > CONTEXTS.indexOf(from)) found.push({ from, to, via: `${file} imports ${target}` });
    }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const graph = fileImports();
  const edges = domainEdges(graph);
  const domainGroups = circles(edges);
  const up = upwardImports(graph);
  const serverFiles = fileCircles(SERVER);
  const webFiles = fileCircles(WEB);
  const tables = foreignTableAccess();
  const back = contextBackImports(graph);
  for (const e of back) console.log(`context ${e.from} imports ${e.to} above it: ${e.via}`);
  for (const group of domainGroups) console.log(`domains in one circle: ${group.join(', ')}`);
  for (const e of up) console.log(`up a floor: ${e.from} -> ${e.to} (${e.via})`);
  for (const group of serverFiles) console.log(`server files in one circle: ${group.join(', ')}`);
  for (const group of webFiles) console.log(`web files in one circle: ${group.join(', ')}`);
  for (const t of tables) console.log(`table ${t.table} (owned by ${t.owner}) used in ${t.file}:${t.line}: ${t.code}`);
  console.log(
    `${edges.length} domain imports: ${domainGroups.length} domain circles, ${up.length} up a floor, ` +
      `${back.length} into a context above; ` +
      `${serverFiles.length} server and ${webFiles.length} web file circles; ${tables.length} foreign table uses`,
  );
  process.exit(domainGroups.length || up.length || back.length || serverFiles.length || webFiles.length || tables.length ? 1 : 0);
}
