/**
 * `npm run check:engines` (run early by scripts/test.sh): every installed package must declare a
 * Node.js range that includes the version README promises. The promise is the root package.json's
 * `engines.node` (its lowest version: ">=20.20.2" promises 20.20.2); the packages are those of
 * package-lock.json, so a dependency update that drops the promised Node (a new major declaring
 * ">=22", say) fails here, before anyone runs it on the Node we tell people to install.
 *
 * Fix a failure by pinning or overriding (root package.json "overrides") a version whose engines
 * include the promise, or by moving the promise in package.json, README and scripts/setup.sh
 * together. The running Node must keep the promise too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

type Engines = { node?: string } | string[] | undefined;
interface LockEntry {
  version?: string;
  engines?: Engines;
  link?: boolean;
}

/** The packages of a lock file whose engines.node range excludes `version`. */
export function engineOffenders(lock: { packages: Record<string, LockEntry> }, version: string) {
  const offenders: Array<{ path: string; version: string; node: string }> = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.link) continue;
    // Old packages may write engines as an array of strings ("node >= 0.8"): they say nothing a
    // modern Node misses.
    const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!node) continue;
    if (!semver.satisfies(version, node, { includePrerelease: true }))
      offenders.push({ path: where, version: entry.version ?? '?', node });
  }
  return offenders;
}

/** The version the root package.json promises: the lowest version of its engines.node range. */
export function promisedNode(pkg: { engines?: { node?: string } }): string {
  const range = pkg.engines?.node;
  const min = range ? semver.minVersion(range) : null;
  if (!range || !min) throw new Error('package.json must declare engines.node (the Node.js version README promises)');
  return min.version;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const promised = promisedNode(pkg);
  let failed = false;
  if (!semver.satisfies(process.versions.node, pkg.engines.node)) {
    console.error(`This Node.js (${process.versions.node}) is outside package.json engines.node (${pkg.engines.node}).`);
    failed = true;
  }
  const offenders = engineOffenders(lock, promised);
  for (const o of offenders)
    console.error(`${o.path}@${o.version} declares engines.node "${o.node}", which excludes ${promised}`);
  if (offenders.length) {
    console.error(
      `${offenders.length} installed package(s) do not run on Node.js ${promised}, the version README promises: pin or override ` +
        'versions that do (package.json "overrides"), or move the promise (package.json engines, README, scripts/setup.sh).',
    );
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(`engines: all ${Object.keys(lock.packages).length - 1} locked packages accept Node.js ${promised}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
