import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded where it is first used instead of imported at start: for packages that
 * take tenths of a second of CPU to load and that most processes never touch (jsdom, spreadsheet and
 * payment SDKs, Redis clients, archiver, ...). A server start, and so each browser journey's server,
 * no longer pays for them (docs/testing.md, issue 27). Synchronous, so callers stay as they were;
 * Node keeps the module once loaded. Types come from an `import type` of the same package.
 */
export function requireOnUse<T>(name: string): T {
  return require(name) as T;
}
