import os from 'node:os';
import sharp from 'sharp';
import { exportAndCheck, type Preset } from '../../packages/server/src/studio/batches/checks.ts';
import { inspectOverlays } from '../../packages/server/src/studio/batches/overlays.ts';
import { type Defect, pictureSet } from '../../packages/server/src/studio/batches/picture-set.test-support.ts';

/**
 * The picture checks (issue 46, docs/batches.md "Picture checks") on the seeded picture set, both
 * halves: `tune` (thresholds were set looking at it) and `held` (never looked at while tuning; the
 * test asserts on it). Per half and rule: recall (defective pictures of that rule flagged) and false
 * alarms (pictures without that defect flagged for it), then the time per picture of the overlay
 * reading alone and of the whole export-and-check a batch's ZIP does for an 800 px and a 2000 px
 * preset. `PICTURES_PER_DEFECT=n` (default 6) sizes each half: n per defect and as many clean.
 */
const perDefect = Number(process.env.PICTURES_PER_DEFECT ?? 6);
const RULES: Defect[] = ['text', 'border', 'objects'];
const preset = (side: number): Preset => ({
  name: `all-${side}`,
  label: 'every picture rule',
  width: side,
  height: side,
  format: 'jpeg',
  maxBytes: 10 * 1024 * 1024,
  rules: { whiteBackground: false, minFill: 0, margin: 0, noText: true, noBorder: true, oneProduct: true, contactShadow: false },
  source: 'bench',
});
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}% (${n}/${of})` : '-');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;

const set = pictureSet(perDefect);
const inspectMs: number[] = [];
const check800: number[] = [];
const check2000: number[] = [];
for (const split of ['tune', 'held'] as const) {
  const half = set.filter((p) => p.split === split);
  const hits: Record<Defect, { found: number; of: number; alarms: number; chances: number }> = {
    text: { found: 0, of: 0, alarms: 0, chances: 0 },
    border: { found: 0, of: 0, alarms: 0, chances: 0 },
    objects: { found: 0, of: 0, alarms: 0, chances: 0 },
  };
  const wrong: string[] = [];
  let cleanFlagged = 0;
  for (const picture of half) {
    const png = await picture.draw();
    const jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
    let t = performance.now();
    await inspectOverlays(jpeg);
    inspectMs.push(performance.now() - t);
    t = performance.now();
    const { checks } = await exportAndCheck(png, preset(800));
    check800.push(performance.now() - t);
    if (split === 'held' && check2000.length < 8) {
      t = performance.now();
      await exportAndCheck(png, preset(2000));
      check2000.push(performance.now() - t);
    }
    const flagged = checks.filter((c) => !c.ok && (RULES as string[]).includes(c.rule)).map((c) => c.rule as Defect);
    if (!picture.defect && flagged.length) cleanFlagged++;
    for (const rule of RULES) {
      const h = hits[rule];
      if (picture.defect === rule) {
        h.of++;
        if (flagged.includes(rule)) h.found++;
        else wrong.push(`  missed  ${picture.id} ${picture.kind}`);
      } else {
        h.chances++;
        if (flagged.includes(rule)) {
          h.alarms++;
          wrong.push(`  alarm   ${picture.id} ${picture.kind}: ${rule}`);
        }
      }
    }
  }
  const defective = half.filter((p) => p.defect).length;
  const found = RULES.reduce((n, r) => n + hits[r].found, 0);
  const alarms = RULES.reduce((n, r) => n + hits[r].alarms, 0);
  const chances = RULES.reduce((n, r) => n + hits[r].chances, 0);
  console.log(`\n${split} half: ${half.length} pictures (${defective} with one defect, ${half.length - defective} clean)`);
  console.log(`  rule      recall              false alarms`);
  for (const rule of RULES) {
    const h = hits[rule];
    console.log(`  ${rule.padEnd(8)}  ${pct(h.found, h.of).padEnd(18)}  ${pct(h.alarms, h.chances)}`);
  }
  console.log(
    `  all       ${pct(found, defective).padEnd(18)}  ${pct(alarms, chances)}; clean pictures flagged: ${pct(cleanFlagged, half.length - defective)}`,
  );
  for (const line of wrong) console.log(line);
}
console.log(`\ntime per picture (${os.cpus().length} CPU, load average ${os.loadavg()[0]?.toFixed(2)}):`);
console.log(
  `  overlay reading alone (800 px JPEG)      median ${median(inspectMs).toFixed(0)} ms, p95 ${p95(inspectMs).toFixed(0)} ms (${inspectMs.length} pictures)`,
);
console.log(
  `  export + every check, 800 px preset     median ${median(check800).toFixed(0)} ms, p95 ${p95(check800).toFixed(0)} ms`,
);
console.log(
  `  export + every check, 2000 px preset    median ${median(check2000).toFixed(0)} ms, p95 ${p95(check2000).toFixed(0)} ms (${check2000.length} pictures)`,
);
