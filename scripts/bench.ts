import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { askHugePages } from './huge-pages.ts';

/**
 * `npm run bench`: runs every scripts/bench/*.ts in turn (one process each, so one benchmark's
 * warm caches or open pools do not flatter the next) and prints their figures. `npm run bench --
 * points` runs only the benchmarks whose file name contains "points".
 */
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'scripts/bench');
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (!filter || f.includes(filter)))
  .sort();
const tsx = path.join(root, 'node_modules/.bin/tsx');
// Benchmarks measure the product as it runs: malloc on huge pages, as scripts/start.sh starts it.
askHugePages();
const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const result = spawnSync(tsx, [path.join(dir, file)], { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `--- ${file}: ${result.status === 0 ? 'ok' : `failed (${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failed.push(file);
}
if (files.length === 0) console.log('no benchmarks found in scripts/bench');
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
