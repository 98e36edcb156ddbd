/**
 * Folder-level import circles in the server (`npm run check:circles`): every domain folder of
 * packages/server/src is a node, an import from one folder into another an edge. A circle means
 * two domains depend on each other, so neither can be read, tested or moved alone. Tests and test
 * support are left out (a test may reach into any domain); `import type` counts (it still couples).
 * Prints each circle with one import per edge and exits 1 when there is any.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../packages/server/src');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

export interface Edge {
  from: string;
  to: string;
  /** One file and import that makes the edge (for the report). */
  via: string;
}

const isTestFile = (file: string) => /\.test\.ts$|test-support|\/test\/|testing\.ts$|fake-|fixtures/.test(file);

/**
 * Composition roots: the files that assemble the domains (the route list, the table list, the
 * migration list, the engine list, the context and start-up). They import every domain by design and are not part
 * of any domain, so their imports are not edges.
 */
const COMPOSITION_ROOTS =
  /^(app|routes|index|worker|context|startup|config|engine-catalogue)\.ts$|^db\/(schema|migrate)\.ts$|^db\/migrations\//;
const isCompositionRoot = (file: string, root = ROOT) =>
  COMPOSITION_ROOTS.test(path.relative(root, file).split(path.sep).join('/'));

/** The folder of a source file ('.' for files directly in src, e.g. context.ts). */
function folderOf(file: string, root = ROOT): string {
  const rel = path.relative(root, file);
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0]! : `./${parts[0]!.replace(/\.ts$/, '')}`;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.tsx')) out.push(full);
  }
  return out;
}

/** Every folder-to-folder import edge of the server's non-test sources. */
export function folderEdges(root = ROOT): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of walk(root)) {
    if (isTestFile(file) || isCompositionRoot(file, root)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(root)) continue;
      const from = folderOf(file, root);
      const to = folderOf(target.endsWith('.ts') ? target : `${target}.ts`, root);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, via: `${path.relative(root, file)} imports ${match[1]}` });
    }
  }
  return [...edges.values()];
}

/** The circles of the folder graph: its strongly connected components of more than one folder. */
export function circles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  // Tarjan's algorithm.
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

/** Two folders that import each other, directly. */
export function mutualPairs(edges: Edge[]): Array<[Edge, Edge]> {
  const byKey = new Map(edges.map((e) => [`${e.from} -> ${e.to}`, e]));
  const pairs: Array<[Edge, Edge]> = [];
  for (const e of edges) {
    const back = byKey.get(`${e.to} -> ${e.from}`);
    if (back && e.from < e.to) pairs.push([e, back]);
  }
  return pairs;
}

/** Every file-to-file import of the server's non-test sources (file -> imported files), relative to src. */
export function fileImports(root = ROOT): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of walk(root)) {
    if (isTestFile(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(root)) continue;
      targets.push(path.relative(root, target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`));
    }
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/**
 * Composition roots that a file they import reaches again (directly or through other files, `import
 * type` included): a root is built on top of the domains, so none of them may depend on it. Answers
 * each such root with the import chain back to it (e.g. context.ts -> tasks/runtime.ts -> context.ts).
 */
export function rootCircles(root = ROOT): string[][] {
  const graph = fileImports(root);
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (!isCompositionRoot(path.join(root, start), root) || start.startsWith('db/migrations/')) continue;
    // Breadth-first from the root's imports, remembering how each file was reached.
    const via = new Map<string, string>();
    const queue = [...(graph.get(start) ?? [])];
    for (const next of queue) via.set(next, start);
    while (queue.length) {
      const file = queue.shift()!;
      if (file === start) {
        const chain = [start];
        for (let at = via.get(start)!; at !== start; at = via.get(at)!) chain.unshift(at);
        found.push([start, ...chain]);
        break;
      }
      for (const next of graph.get(file) ?? [])
        if (!via.has(next)) {
          via.set(next, file);
          queue.push(next);
        }
    }
  }
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const edges = folderEdges();
  const pairs = mutualPairs(edges);
  const groups = circles(edges);
  for (const [a, b] of pairs) console.log(`circle: ${a.from} <-> ${a.to}\n  ${a.via}\n  ${b.via}`);
  for (const group of groups) console.log(`folders in one circle: ${group.join(', ')}`);
  const roots = rootCircles();
  for (const chain of roots) console.log(`a composition root is imported back: ${chain.join(' -> ')}`);
  console.log(
    `${edges.length} folder imports, ${pairs.length} mutual pairs, ${groups.length} circles, ${roots.length} composition roots imported back`,
  );
  process.exit(pairs.length || groups.length || roots.length ? 1 : 0);
}
