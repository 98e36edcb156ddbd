import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TIERS } from '@productimage/core';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb } from '../../packages/server/src/platform/db/index.ts';
import type { Lane } from '../../packages/server/src/platform/queue/index.ts';
import { AGEING_BOUND_MS, PAID_HEAD_START_MS, TIER_STEP_MS } from '../../packages/server/src/studio/tasks/priority.ts';
import { type SimArrival, type SimRun, simulateQueue } from '../../packages/server/src/studio/tasks/queue-sim.test-support.ts';

/**
 * Queue wait by tier under a flood of free tasks (issue 47; docs/scaling.md "Tier priority"): the
 * real claim (claimTask's SQL on SQLite) on a virtual clock, so the figures are the policy's, not
 * this machine's speed. 300 free tasks from 30 users arrive in the first 3 minutes; one task of
 * each paid tier arrives every 60 s for 20 minutes; each task holds a slot 8 s (a warm cutout).
 * Three runs: arrival order (the queue before issue 47), tier priority on 2 slots, and tier
 * priority on 3 slots with one reserved for flagship and up (RESERVED_SLOTS=flagship:1).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tiers-'));
const db = createDb({ DATABASE_URL: undefined, dataDir: dir });
await migrateToLatest(db);
const users: string[] = [];
for (let i = 0; i < 40; i++) users.push(await createUser(db, { phone: `139${String(i).padStart(8, '0')}` }));

let seq = 0;
function arrivals(tag: string): SimArrival[] {
  const out: SimArrival[] = [];
  const add = (priority: number, at: number, user: number) =>
    out.push({
      id: `${tag}-${String(seq++).padStart(5, '0')}`,
      userId: users[user] as string,
      tenantId: 'default',
      priority,
      at,
    });
  for (let i = 0; i < 300; i++) add(0, Math.floor((i * 180_000) / 300), i % 30);
  for (let t = 30_000; t < 20 * 60_000; t += 60_000) for (let p = 1; p < TIERS.length; p++) add(p, t + p * 1_000, 30 + p);
  return out;
}

const open: Lane = { minPriority: 0, tenantId: null };
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
function table(title: string, runs: SimRun[]) {
  console.log(`\n${title}`);
  console.log('| tier | tasks | wait p50 | wait p95 | wait max |');
  console.log('| --- | --- | --- | --- | --- |');
  TIERS.forEach((tier, rank) => {
    const waits = runs.filter((r) => r.priority === rank).map((r) => r.wait);
    if (waits.length)
      console.log(
        `| ${tier} | ${waits.length} | ${secs(pct(waits, 50))} | ${secs(pct(waits, 95))} | ${secs(Math.max(...waits))} |`,
      );
  });
}

const serviceMs = 8_000;
console.log(
  `ageing: paid tiers ${PAID_HEAD_START_MS / 60_000} min ahead of free, ${TIER_STEP_MS / 60_000} min more per rank; bound ${AGEING_BOUND_MS / 60_000} min (free to enterprise)`,
);
// Arrival order: every task as priority 0 (the queue before tier priority).
const fifo = await simulateQueue(db, arrivals('fifo'), { engine: 'fifo', slots: [open, open], serviceMs, fifo: true });
table('arrival order, 2 slots (before issue 47)', fifo);
const tiered = await simulateQueue(db, arrivals('tier'), { engine: 'tier', slots: [open, open], serviceMs });
table('tier priority with ageing, 2 slots', tiered);
const reserved = await simulateQueue(db, arrivals('resv'), {
  engine: 'resv',
  slots: [{ minPriority: 4, tenantId: null }, open, open],
  serviceMs,
});
table('tier priority, 3 slots, one reserved for flagship and up (RESERVED_SLOTS=flagship:1)', reserved);
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
