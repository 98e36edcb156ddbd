import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, at the end of every vitest run, the 20 slowest test files and the time per project
 * (wall-clock span from its first file's start to its last file's end, and the files' summed time).
 * With TEST_TIMINGS_DIR set (scripts/test.sh sets it), the figures are also written there as
 * `<TEST_PASS or main>.json`, for tests/support/timing-summary.ts to print the whole run's table
 * (setup steps, main pass, scaled pass) at the end of `npm test` (docs/testing.md).
 */

export interface FileTiming {
  project: string;
  file: string;
  seconds: number;
  tests: number;
}
export interface ProjectTiming {
  project: string;
  files: number;
  tests: number;
  /** From the first file's start to the last file's end. */
  wallSeconds: number;
  /** The files' own times added up (greater than the wall time when files ran in parallel). */
  fileSeconds: number;
}
export interface PassTiming {
  pass: string;
  wallSeconds: number;
  load: number[];
  projects: ProjectTiming[];
  slowest: FileTiming[];
  /** Tests that failed and then passed when run again (the e2e project's retry in CI). */
  flaky?: string[];
  /**
   * The machine's cores busy (user + system + nice, all processes: the run's own when it is alone), per
   * minute of the pass from /proc/stat; the last entry is the rest. Shows where the cores sat idle.
   */
  coresBusy?: number[];
  /** Every file's start and end, in seconds from the pass's start (which files ran when). */
  timeline?: Array<{ project: string; file: string; start: number; end: number }>;
}

/** The CPU time of all cores so far (busy and total, in jiffies), or null where there is no /proc/stat. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return null;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export default class TimingReporter implements Reporter {
  private runStart = Date.now();
  private starts = new Map<string, number>();
  private ends = new Map<string, number>();
  /** /proc/stat at the start and after every minute of the pass. */
  private ticks: Array<{ busy: number; total: number }> = [];
  private sampler: NodeJS.Timeout | undefined;

  onTestRunStart() {
    this.runStart = Date.now();
    const first = cpuTicks();
    if (!first) return;
    this.ticks = [first];
    this.sampler = setInterval(() => this.ticks.push(cpuTicks()!), 60_000);
    this.sampler.unref();
  }

  onTestModuleStart(module: TestModule) {
    this.starts.set(module.moduleId + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ends.set(module.moduleId + module.project.name, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    clearInterval(this.sampler);
    const last = cpuTicks();
    const ticks = last && this.ticks.length ? [...this.ticks, last] : [];
    const cores = os.availableParallelism();
    const coresBusy = ticks
      .slice(1)
      .map((t, i) => (t.total > ticks[i]!.total ? (cores * (t.busy - ticks[i]!.busy)) / (t.total - ticks[i]!.total) : 0))
      .map((n) => Math.round(n * 100) / 100);
    const files: Array<FileTiming & { start: number; end: number }> = modules.map((m) => {
      const key = m.moduleId + m.project.name;
      const end = this.ends.get(key) ?? Date.now();
      // A file's time: its environment, import (collect) and setup files, then its tests and hooks.
      const d = m.diagnostic();
      const own = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const start = Math.min(this.starts.get(key) ?? end, end - own);
      return {
        project: m.project.name || 'default',
        file: path.relative(ROOT, m.moduleId),
        seconds: (end - start) / 1000,
        tests: [...m.children.allTests()].length,
        start,
        end,
      };
    });
    const byProject = new Map<string, typeof files>();
    for (const f of files) byProject.set(f.project, [...(byProject.get(f.project) ?? []), f]);
    const projects: ProjectTiming[] = [...byProject].map(([project, list]) => ({
      project,
      files: list.length,
      tests: list.reduce((n, f) => n + f.tests, 0),
      wallSeconds: (Math.max(...list.map((f) => f.end)) - Math.min(...list.map((f) => f.start))) / 1000,
      fileSeconds: list.reduce((n, f) => n + f.seconds, 0),
    }));
    const timing: PassTiming = {
      pass: process.env.TEST_PASS ?? 'main',
      wallSeconds: (Date.now() - this.runStart) / 1000,
      load: os.loadavg(),
      projects,
      slowest: files
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 20)
        .map(({ project, file, seconds, tests }) => ({ project, file, seconds, tests })),
      flaky: modules.flatMap((m) =>
        [...m.children.allTests()]
          .filter((t) => t.diagnostic()?.flaky)
          .map((t) => {
            // What the first try failed on (vitest keeps the errors of a test that passed on its retry):
            // a test that passes only when run again is a defect to explain, and this is where to start.
            const first = t.result().errors?.[0];
            // The message alone hides the value ("expected [ Array(1) ] ..."): the actual value says which.
            const actual = first?.actual ? ` (actual: ${String(first.actual).replace(/\s+/g, ' ').slice(0, 400)})` : '';
            const why = first ? ` -- first try: ${(first.message ?? String(first)).split('\n')[0]?.slice(0, 300)}${actual}` : '';
            return `${path.relative(ROOT, m.moduleId)} > ${t.fullName}${why}`;
          }),
      ),
      coresBusy,
      timeline: files
        .map((f) => ({
          project: f.project,
          file: f.file,
          start: Math.round((f.start - this.runStart) / 100) / 10,
          end: Math.round((f.end - this.runStart) / 100) / 10,
        }))
        .sort((a, b) => a.start - b.start),
    };
    console.log(`\n${formatPass(timing)}`);
    const dir = process.env.TEST_TIMINGS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${timing.pass}.json`), JSON.stringify(timing, null, 2));
    }
  }
}

const s = (seconds: number) => `${seconds.toFixed(1)} s`;

export function formatPass(t: PassTiming): string {
  const lines = [
    `Timings of the ${t.pass} pass: ${s(t.wallSeconds)} (load average ${t.load.map((n) => n.toFixed(2)).join(' ')})`,
    '  project        files  tests      wall   files summed',
    ...t.projects
      .sort((a, b) => b.wallSeconds - a.wallSeconds)
      .map(
        (p) =>
          `  ${p.project.padEnd(13)} ${String(p.files).padStart(6)} ${String(p.tests).padStart(6)} ${s(p.wallSeconds).padStart(9)} ${s(p.fileSeconds).padStart(14)}`,
      ),
    ...(t.coresBusy?.length
      ? [
          `  cores busy per minute (of ${os.availableParallelism()}, whole machine): ${t.coresBusy.map((n) => n.toFixed(1)).join(' ')}`,
        ]
      : []),
    `  ${t.slowest.length} slowest files:`,
    ...t.slowest.map((f) => `  ${s(f.seconds).padStart(9)}  ${f.project.padEnd(10)} ${f.file} (${f.tests} tests)`),
    ...(t.flaky?.length ? [`  passed only when run again (${t.flaky.length}):`, ...t.flaky.map((f) => `    ${f}`)] : []),
  ];
  return lines.join('\n');
}
