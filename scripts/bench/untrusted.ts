import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { addTenant, teamUser } from '../../packages/server/src/content/kos/team-fixture.test-support.ts';
import { lyingMkv, pdfBomb } from '../../packages/server/src/platform/sandbox/bombs.test-support.ts';
import { SANDBOX_LIMITS } from '../../packages/server/src/platform/sandbox/limits.ts';
import { sandboxPids } from '../../packages/server/src/platform/sandbox/runner.ts';
import { createHarness } from '../../packages/server/src/test-support/harness.ts';

/**
 * Issue 42: another user's GET /api/user/current (over HTTP, one request after another) while one
 * user sends the second attack run's files, with the server's memory sampled every 25 ms: the API
 * process's own RSS and that of the sandbox processes its parses run in (together, the server).
 * - four 4.2 MB PDFs whose stream inflates to 4 GB at once (refused on the inflate budget);
 * - two 8.4 MB PDFs of the same bomb ASCIIHex-wrapped, which the budget does not see: pdf.js inflates
 *   until the parse process's address-space limit or time limit stops it;
 * - three operators pasting 0.9 MB CSVs (30,000 rows) into the KOS import at once;
 * - three videos whose container says 1 s (160 s at 60 fps inside), while another user uploads an
 *   honest 6 s clip: how long the clip takes.
 * Figures are printed; the memory is bounded: the run fails when the server's peak passes
 * the API's idle RSS + PARSE_MAX_WORKERS x (PARSE_MAX_MEMORY_MB + 300 MB, a process's own size).
 */
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const MB = 1024 * 1024;
const line = (ms: number[]) =>
  `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} requests)`;
const rssOf = (pid: number) => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s*(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0; // ended between listing and reading
  }
};

const h = await createHarness('sqlite');
await h.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
let bounded = true;
try {
  const victim = await h.user();
  const attacker = await h.user();
  const dataset = (
    await h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: attacker.auth, payload: { name: 'b', intro: 'b' } })
  ).data.datasetId as string;
  await addTenant(h, 'bench-untrusted');
  const operators = await Promise.all([1, 2, 3].map(() => teamUser(h, 'bench-untrusted', 'operator')));

  const sample = async (until: () => boolean, min = 50) => {
    const ms: number[] = [];
    while (ms.length < min || !until()) {
      const started = performance.now();
      const res = await fetch(`${base}/api/user/current`, { headers: victim.auth });
      await res.arrayBuffer();
      ms.push(performance.now() - started);
    }
    return ms;
  };
  const send = async (
    auth: Record<string, string>,
    url: string,
    data: Buffer,
    name: string,
    type = 'application/octet-stream',
  ) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: auth, body: form });
    const body = (await res.json()) as { data?: { limit?: string } };
    return `${res.status}${body.data?.limit ? ` ${body.data.limit}` : ''}`;
  };
  const knowledge = `/api/knowledge/datasets/${dataset}/collections?trainingType=chunk`;

  /** Runs the attack while sampling the victim's latency and the server's memory. */
  const during = async (name: string, attack: () => Promise<string[]>) => {
    const idleRss = process.memoryUsage().rss;
    let peakApi = idleRss;
    let peakServer = idleRss;
    const memory = setInterval(() => {
      const api = process.memoryUsage().rss;
      const server = api + sandboxPids().reduce((sum, pid) => sum + rssOf(pid), 0);
      peakApi = Math.max(peakApi, api);
      peakServer = Math.max(peakServer, server);
    }, 25);
    let finished = false;
    const started = performance.now();
    const answers = attack().then((a) => {
      finished = true;
      return a;
    });
    const ms = await sample(() => finished, 1);
    const results = await answers;
    clearInterval(memory);
    const bound = idleRss + SANDBOX_LIMITS.PARSE_MAX_WORKERS * (SANDBOX_LIMITS.PARSE_MAX_MEMORY_MB + 300) * MB;
    const within = peakServer <= bound;
    bounded &&= within;
    console.log(`${name}`);
    console.log(`  answers in ${((performance.now() - started) / 1000).toFixed(1)} s: ${results.join('; ')}`);
    console.log(`  another user's /api/user/current: ${line(ms)}`);
    console.log(
      `  peak RSS: API process ${(peakApi / MB).toFixed(0)} MB (idle ${(idleRss / MB).toFixed(0)} MB), server with its sandbox processes ${(peakServer / MB).toFixed(0)} MB; bound ${(bound / MB).toFixed(0)} MB: ${within ? 'within' : 'EXCEEDED'}`,
    );
  };

  const bomb = pdfBomb(4096);
  const hexBomb = pdfBomb(4096, { hex: true });
  // Under the JSON body limit (1 MB) and TABLE_MAX_ROWS, over the import's 5,000 rows.
  const csv = Buffer.from(`postKey,platform,handle,day,views\n${'p1,douyin,shop,2026/11/01,10\n'.repeat(30_000)}`);
  const liar = lyingMkv(160, 1);
  const clip = lyingMkv(6, 6);

  console.log(`/api/user/current idle: ${line(await sample(() => true, 200))}`);
  await during(`four ${(bomb.length / MB).toFixed(1)} MB PDFs inflating to 4 GB each, at once`, () =>
    Promise.all([1, 2, 3, 4].map((i) => send(attacker.auth, knowledge, bomb, `bomb-${i}.pdf`))),
  );
  await during(
    `two ${(hexBomb.length / MB).toFixed(1)} MB ASCIIHex-wrapped PDF bombs (past the inflate budget: the memory limit)`,
    () => Promise.all([1, 2].map((i) => send(attacker.auth, knowledge, hexBomb, `hex-${i}.pdf`))),
  );
  await during(`three operators pasting ${(csv.length / MB).toFixed(1)} MB of CSV into the KOS import`, () =>
    Promise.all(
      operators.map(async (o) => {
        const res = await fetch(`${base}/api/kos/monitoring/import`, {
          method: 'POST',
          headers: { ...o.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ text: csv.toString('utf8') }),
        });
        const body = (await res.json()) as { data?: { limit?: string; imported?: number } };
        return `${res.status} ${body.data?.limit ?? `${body.data?.imported ?? ''} imported`}`;
      }),
    ),
  );
  const clipper = await h.user();
  await during(
    'three videos whose container says 1 s (160 s at 60 fps inside), another user uploading an honest 6 s clip',
    async () => {
      const liars = [1, 2, 3].map((i) => send(attacker.auth, '/api/rewrite/videos', liar, `liar-${i}.mkv`, 'video/x-matroska'));
      const started = performance.now();
      const honest = await send(clipper.auth, '/api/rewrite/videos', clip, 'clip.mkv', 'video/x-matroska');
      const clipSeconds = (performance.now() - started) / 1000;
      return [...(await Promise.all(liars)), `the 6 s clip: ${honest} in ${clipSeconds.toFixed(1)} s`];
    },
  );
} finally {
  await h.close();
}
if (!bounded) {
  console.error('the server passed its memory bound');
  process.exit(1);
}
