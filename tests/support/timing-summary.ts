import fs from 'node:fs';
import path from 'node:path';
import { formatPass, type PassTiming } from './timing-reporter.ts';

/**
 * The end of `npm test`: the whole run's timings from TEST_TIMINGS_DIR (scripts/test.sh): the setup
 * steps (setup.tsv, written by scripts/setup.sh and scripts/test.sh) and every vitest pass
 * (<pass>.json, written by tests/support/timing-reporter.ts). Run: tsx tests/support/timing-summary.ts
 */
const dir = process.env.TEST_TIMINGS_DIR;
if (!dir || !fs.existsSync(dir)) process.exit(0);

const lines: string[] = ['', '==> Timings of this `npm test` (docs/testing.md)'];
let total = 0;
const setupFile = path.join(dir, 'setup.tsv');
if (fs.existsSync(setupFile)) {
  lines.push('Setup steps:');
  const rows = fs
    .readFileSync(setupFile, 'utf8')
    .trim()
    .split('\n')
    .map((row) => row.split('\t') as [string, string]);
  // Steps that ran side by side are shown, and only their common wall time is counted: scripts/test.sh's
  // "setup (wall ...)" row when there is one, else setup.sh's own steps with its builds' wall time.
  const wall = rows.find(([step]) => step.startsWith('setup (wall'));
  for (const [step, seconds] of rows) {
    if (wall ? step === wall[0] : !step.includes('side by side')) total += Number(seconds);
    lines.push(`  ${`${Number(seconds).toFixed(1)} s`.padStart(9)}  ${step}`);
  }
}
for (const pass of ['main', 'scaled']) {
  const file = path.join(dir, `${pass}.json`);
  if (!fs.existsSync(file)) continue;
  const timing = JSON.parse(fs.readFileSync(file, 'utf8')) as PassTiming;
  total += timing.wallSeconds;
  lines.push(formatPass(timing));
}
// scripts/test.sh exports its start: the real wall time, gaps between the steps included.
const start = Number(process.env.TEST_RUN_START);
lines.push(
  start > 0
    ? `Total: ${((Date.now() / 1000 - start) / 60).toFixed(1)} min (steps and passes: ${(total / 60).toFixed(1)} min)`
    : `Total: ${(total / 60).toFixed(1)} min`,
);
console.log(lines.join('\n'));
