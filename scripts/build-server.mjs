// Builds the server (and the core package it imports) to plain JavaScript, so production runs on
// `node` alone with no TypeScript loader: packages/{core,server}/dist mirror src/ file for file
// (same folder depth, so paths computed from import.meta.dirname hold), and non-TypeScript files
// beside the sources (prompts, scenes, models' settings) are copied along.
// Type checking is `npm run lint`'s job; this only transpiles (--noCheck), file by file: with
// isolatedModules every file's JavaScript follows from its own text, so --noResolve (no imported
// package's types read) writes the same files byte for byte, with 40 % less CPU (docs/testing.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/.bin/tsc');

for (const pkg of ['core', 'server']) {
  const dir = path.join(root, 'packages', pkg);
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  execFileSync(tsc, ['-p', path.join(dir, 'tsconfig.build.json'), '--noResolve'], { stdio: 'inherit' });
  copyAssets(path.join(dir, 'src'), path.join(dir, 'dist'));
}
console.log('server built: packages/server/dist (run with `node --conditions=compiled packages/server/dist/app/index.js`)');

function copyAssets(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyAssets(source, target);
    else if (!/\.(ts|tsx)$/.test(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
    }
  }
}
