// better-sqlite3 installs with `prebuild-install || node-gyp rebuild`: its prebuilt download (github.com)
// is unreachable on the machines we set up and CI, so every clean `npm ci` compiles SQLite from source
// (about 95 s of CPU). prebuild-install looks in the npm cache (<cache>/_prebuilds, the file named after
// the download URL: package version, Node.js ABI, platform, arch, libc) before it downloads. This keeps
// what npm ci compiled there, in the layout of the published prebuilt tarball, so the next clean install
// on this machine unpacks it in a second instead. prebuild-install loads the unpacked binary before it
// accepts it, and a new version, Node.js ABI or platform is a new name: a miss, and a compile again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('better-sqlite3/package.json'));
const binary = path.join(dir, 'build/Release/better_sqlite3.node');
const installer = path.dirname(createRequire(path.join(dir, 'package.json')).resolve('prebuild-install/package.json'));
const pkg = require(path.join(dir, 'package.json'));
const opts = { ...require(path.join(installer, 'rc.js'))(pkg), pkg };
const util = require(path.join(installer, 'util.js'));
const cached = util.cachedPrebuild(util.getDownloadUrl(opts));

if (fs.existsSync(cached) || !fs.existsSync(binary)) process.exit(0);
fs.mkdirSync(path.dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.tmp`;
execFileSync('tar', ['-czf', partial, '-C', dir, 'build/Release/better_sqlite3.node']);
fs.renameSync(partial, cached);
console.log(`better-sqlite3's build kept for the next install: ${cached}`);
