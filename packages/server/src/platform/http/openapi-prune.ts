/**
 * Drops component schemas no route reaches. The zod transform publishes every named schema twice
 * (`Name` for answers, `NameInput` for requests) whatever the routes use; only the reachable ones
 * belong in the document and in the generated client types.
 */
export function pruneUnusedSchemas<T extends object>(document: T): T {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const { components, ...rest } = doc;
  const reachable = new Set<string>();
  const queue = refsIn({ ...rest, components: { ...components, schemas: undefined } });
  while (queue.length) {
    const name = queue.pop()!;
    if (reachable.has(name) || !(name in schemas)) continue;
    reachable.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reachable.has(name)));
  return { ...doc, components: { ...components, schemas: kept } } as T;
}
