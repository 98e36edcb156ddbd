import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bareFastify, cpuMs, productServer, settled } from './support/servers.ts';

/**
 * Builds of the server side by side (issue 48): GET /api/user/current on each build given, a
 * bare Fastify route and a bare route answering the same bytes as the first build, in alternating load runs of 50 connections, each round in the same order, so
 * the machine's load weighs on all of them alike. Prints the server's CPU per request (utime +
 * stime of all its threads, /proc) for every round and the medians. Keep the build before a change
 * inside the repository (its packages are found from there; tmp/ is ignored by git), build again:
 *   cp -r packages/server/dist tmp/dist-before && node scripts/build-server.mjs
 *   HOT_PATH_BUILDS=tmp/dist-before,packages/server/dist npm run bench -- hot-path-builds
 * A build may carry node flags after a `|` (`packages/server/dist|--max-semi-space-size=32`).
 * HOT_PATH_ROUNDS (default 8) and HOT_PATH_SECONDS (default 4) set the runs. Without
 * HOT_PATH_BUILDS it does nothing (`npm run bench` runs every file here).
 */
const builds = (process.env.HOT_PATH_BUILDS ?? '').split(',').filter(Boolean);
const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 8);
const SECONDS = Number(process.env.HOT_PATH_SECONDS ?? 4);

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
  stop: () => void;
}

/**
 * The bare Fastify routes: its small JSON, and the same bytes as the product's answer (the issue's
 * "bare route that answers the same JSON"), both from one process.
 */
async function bare(same: string): Promise<Target[]> {
  const { origin, pid, stop } = await bareFastify(same);
  return [
    { name: 'bare Fastify route', url: `${origin}/bare`, headers: {}, pid, stop },
    { name: `bare route, the same ${Buffer.byteLength(same)} bytes`, url: `${origin}/same`, headers: {}, pid, stop: () => {} },
  ];
}

/** A build's server (`dist`, then any node flags after a `|`). */
async function build(spec: string): Promise<Target> {
  const [dist = '', ...flags] = spec.split('|');
  const { origin, pid, auth, stop } = await productServer([
    process.execPath,
    [...flags, '--conditions=compiled', path.join(dist, 'app/index.js')],
  ]);
  return { name: spec, url: `${origin}/api/user/current`, headers: auth, pid, stop };
}

if (builds.length === 0) {
  console.log('HOT_PATH_BUILDS not set: nothing to compare (see the comment at the top of this file).');
} else {
  const products: Target[] = [];
  for (const spec of builds) products.push(await build(spec));
  const first = products[0] as Target;
  const answer = await (await fetch(first.url, { headers: first.headers })).text();
  const targets = [...(await bare(answer)), ...products];
  try {
    for (const t of targets) await settled(t.pid);
    for (const t of targets) await autocannon({ url: t.url, headers: t.headers, connections: 10, duration: 3 });
    const figures = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const before = cpuMs(t.pid);
        const r = await autocannon({ url: t.url, headers: t.headers, connections: 50, duration: SECONDS });
        const us = ((cpuMs(t.pid) - before) * 1000) / Math.max(1, r.requests.total);
        figures.get(t.name)?.push(us);
        const errors = r.errors + r.non2xx;
        console.log(
          `round ${round} ${t.name}: ${us.toFixed(1)} µs/request, ${r.requests.average.toFixed(0)} req/s${errors ? `, errors ${errors}` : ''}, load ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const bareMedian = median(figures.get(targets[0]?.name ?? '') ?? []);
    const sameMedian = median(figures.get(targets[1]?.name ?? '') ?? []);
    console.log(
      '\n| target | CPU µs/request, median | each round | CPU ratio (bare/target) | CPU ratio (same bytes/target) |\n|---|---|---|---|---|',
    );
    for (const [name, xs] of figures)
      console.log(
        `| ${name} | ${median(xs).toFixed(1)} | ${xs.map((x) => x.toFixed(1)).join(', ')} | ${(bareMedian / median(xs)).toFixed(2)} | ${(sameMedian / median(xs)).toFixed(2)} |`,
      );
  } finally {
    for (const t of targets) t.stop();
  }
}
