import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { askHugePages } from './scripts/huge-pages.ts';
import LongestFirst from './tests/support/sequencer.ts';

/**
 * One test command for the whole repository: unit and integration tests beside the code in every
 * package, and the browser journeys in tests/ (real Chromium, real server).
 */
const SERVER_ALONE = ['packages/server/src/engines/pool.test.ts'];

/**
 * The segmentation model's masks of this run, shared by the server files' workers
 * (engines/local/segmenter.ts SEGMENT_CACHE_DIR): a worker keeps its own masks in memory, but the
 * same picture cut in files on different workers cost a model run each (about 5 s of CPU; 10 of
 * the server project's 72 runs were such repeats, docs/testing.md). Made empty for every run, so
 * every mask is the model's own of this run; removed when the run ends. The journeys' servers do
 * not get it (their processes start from the e2e workers' environment).
 */
const RUN_MASKS = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-test-masks-'));
process.on('exit', () => fs.rmSync(RUN_MASKS, { recursive: true, force: true }));

/**
 * As the product runs (scripts/start.sh; scripts/huge-pages.ts): glibc's malloc asks for transparent
 * huge pages (the kernel's THP setting here is `madvise`) in every process the run starts: the test forks, the journeys' servers and the
 * cluster inherit this environment. The segmentation model's tensors (tens of MB each, mmap'd anew
 * at every run) then cost far fewer page faults and TLB misses: a model run took 4.5 s of CPU
 * instead of 9.3 s (user 2.9 + sys 1.6 against 6.6 + 2.7 s, scene 1, load 12-15), the same mask byte
 * for byte; cutout.test.ts 24.2 s of CPU instead of 39.3 s (docs/testing.md "How the suite stays
 * fast"). Memory pages only: no result changes. Ignored where THP is off; appended to any tunables set;
 * GLIBC_TUNABLES=glibc.malloc.hugetlb=0 turns it off.
 */
askHugePages();

/**
 * The browser journeys' settings (tests/*.e2e.test.ts: real Chromium, real built server), for the
 * e2e project and its scaled pass.
 */
const JOURNEYS = {
  // One Chromium for the whole run; each file connects and opens its own contexts.
  globalSetup: ['tests/support/e2e-global-setup.ts'],
  testTimeout: 180_000,
  hookTimeout: 180_000,
  // A journey polls what the page or the server shows (expect.poll); its default second is
  // too short once two journeys and the server files share two cores: 10 s, same interval.
  expect: { poll: { timeout: 10_000 } },
  // In CI a journey that fails is run once more: two cores shared by two journeys, their
  // servers and the server files make a rare wait run out. A test that passes only on the
  // second try is printed as such at the end of the run (timing-reporter.ts), never hidden.
  retry: process.env.CI ? 1 : 0,
  pool: 'forks' as const,
};

/**
 * The scaled pass, files handed out as S3 presigned URLs (tests/support/server.ts): tools (login by API
 * through the balancer, upload to S3, a task on a worker with its progress through Redis, download,
 * history, videos, the hand-off journey from a cutout, a queued task with no worker) and member (a
 * payment notice on one API, the balance read on the other). tests/scale-out.e2e.test.ts (e2e) proves
 * the topology itself; docs/testing.md names where the other journeys' paths are covered.
 */
const SCALED_JOURNEYS = ['tests/tools.e2e.test.ts', 'tests/member.e2e.test.ts'];

export default defineConfig({
  test: {
    // Three workers on two cores (vitest's default on 2 cores is 1 worker): a file spends much of its
    // time waiting (a journey on its browser and server, a server file on PostgreSQL, timers and
    // polls), so two workers left about 40 % of the cores idle in the quiet CI runs of session 9
    // (user + sys CPU 21 min in 17.4 min of wall time). Every server file has its own SQLite file
    // or PostgreSQL schema, Redis queue prefix, temp dir and port 0 (packages/server/src/test-support/harness.ts).
    // TEST_WORKERS overrides it. The browser journeys share the same workers: every journey file
    // starts its own server (port 0, its own DATA_DIR, its own doubles on port 0), so several run at
    // once, and beside the server files. The longest files start first (tests/support/sequencer.ts).
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    // The 20 slowest files and the time per project after every run (docs/testing.md).
    reporters: ['default', './tests/support/timing-reporter.ts'],
    // The longest files start first, across projects, so both workers finish together (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // Pure unit projects run in worker threads (cheaper to start than forks).
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], pool: 'threads' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...SERVER_ALONE, '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker keeps its imported modules from file to file: importing the server (Fastify,
          // Kysely, sharp, onnxruntime) took longer than most files' tests. Each file still builds
          // its own app on its own database (test/harness.ts); no server test mocks modules.
          // TEST_ISOLATE=1 gives every file fresh modules again (to find a file that leaks state).
          isolate: process.env.TEST_ISOLATE === '1',
          env: { SEGMENT_CACHE_DIR: RUN_MASKS },
        },
      },
      {
        // Files that measure how the engine threads share the CPU with the API: they run alone, after
        // the parallel projects (a second file busy at nice 0 starves their nice-10 engine thread).
        test: {
          name: 'server-alone',
          include: SERVER_ALONE,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
          // The run's masks (RUN_MASKS): its cutouts are of productPhoto(), which the server files have
          // cut by then, so the nice-10 thread spares a model load and run (about 6 s of CPU, wall time
          // here, alone). Alone, or with an empty cache, the model runs as before.
          env: { SEGMENT_CACHE_DIR: RUN_MASKS },
        },
      },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], pool: 'threads' } },
      { test: { name: 'kit', include: ['packages/kit/src/**/*.test.ts'], pool: 'threads' } },
      { test: { name: 'embed-sdk', include: ['embed-sdk/src/**/*.test.ts'], environment: 'node', pool: 'threads' } },
      { test: { name: 'plugins', include: ['plugins/*/src/**/*.test.ts'], environment: 'node', pool: 'threads' } },
      { test: { name: 'e2e', include: ['tests/**/*.e2e.test.ts'], ...JOURNEYS } },
      // The journeys that cross processes, once more against the scale-out topology: 2 API + 2 worker
      // processes of the built server on PostgreSQL, Redis and S3 behind a balancer, one cluster per
      // file (tests/support/cluster.ts, docs/scaling.md). `npm test` turns it on (E2E_SCALED_PASS=1) when
      // PostgreSQL and Redis answer. A project of the main pass, not a vitest run of its own after it:
      // its files fill the workers beside the others instead of one long file on two idle cores.
      ...(process.env.E2E_SCALED_PASS === '1'
        ? [
            {
              test: {
                name: 'e2e-scaled',
                include: SCALED_JOURNEYS,
                env: { E2E_TOPOLOGY: 'scaled' },
                ...JOURNEYS,
                // The run's Chromium comes from the e2e project's global setup; no shared server here.
                globalSetup: [],
              },
            },
          ]
        : []),
    ],
  },
});
