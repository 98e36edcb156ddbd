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
  for (const row of fs.readFileSync(setupFile, 'utf8').trim().split('\n')) {
    const [step, seconds] = row.split('\t');
    total += Number(seconds);
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
lines.push(`Total: ${(total / 60).toFixed(1)} min`);
console.log(lines.join('\n'));
