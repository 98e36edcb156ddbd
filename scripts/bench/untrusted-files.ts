import type { AddressInfo } from 'node:net';
import {
  docxBomb,
  hugeSheet,
  longGop4k,
  pageTreeLoop,
  xlsxBomb,
} from '../../packages/server/src/platform/sandbox/bombs.test-support.ts';
import { SANDBOX_LIMITS } from '../../packages/server/src/platform/sandbox/limits.ts';
import { firstSheetInSandbox } from '../../packages/server/src/platform/sandbox/spreadsheet.ts';
import { createHarness } from '../../packages/server/src/test-support/harness.ts';

/**
 * Issue 26: how another user's GET /api/user/current answers (over HTTP, one request after another)
 * while one user uploads the bombs of the attack run (docx and xlsx zip bombs, a 19 MB CSV, huge
 * sheets, a PDF page-tree loop, a long-GOP 4K video): first idle, then during the uploads (every
 * parser in the sandbox, as shipped), then, for comparison, while one huge sheet is parsed on the
 * API's own event loop (as before the sandbox). Figures are printed, never asserted.
 */
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const line = (ms: number[]) =>
  `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} requests)`;

const h = await createHarness('sqlite');
await h.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
try {
  const victim = await h.user();
  const attacker = await h.user();
  const dataset = (
    await h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: attacker.auth, payload: { name: 'b', intro: 'b' } })
  ).data.datasetId as string;

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
  const send = async (url: string, data: Buffer, name: string, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: attacker.auth, body: form });
    return `${name}: ${res.status} ${((await res.json()) as { data?: { limit?: string } }).data?.limit ?? ''}`;
  };

  // Built before anything is measured (building the 4K video blocks this process for seconds).
  const sheet = hugeSheet(SANDBOX_LIMITS.TABLE_MAX_ROWS + 1000);
  const files = {
    docx: docxBomb(64),
    csv: Buffer.alloc(19 * 1024 * 1024, 'a,b\n1,2\n'),
    pdf: pageTreeLoop(),
    xlsx: xlsxBomb(64),
    video: longGop4k(60),
  };
  const knowledge = `/api/knowledge/datasets/${dataset}/collections?trainingType=chunk`;
  const bombs = [
    () => send(knowledge, files.docx, 'bomb.docx'),
    () => send(knowledge, files.csv, 'big.csv'),
    () => send(knowledge, files.pdf, 'loop.pdf'),
    () => send('/api/hotspots/import/file', files.xlsx, 'bomb.xlsx'),
    () => send('/api/hotspots/import/file', sheet, 'huge-1.xlsx'),
    () => send('/api/hotspots/import/file', sheet, 'huge-2.xlsx'),
    () => send('/api/rewrite/videos', files.video, 'v.mp4', 'video/mp4'),
  ];

  const idle = await sample(() => true, 200);

  let finished = false;
  const started = performance.now();
  const answers = Promise.all(bombs.map((b) => b())).then((a) => {
    finished = true;
    return a;
  });
  const busy = await sample(() => finished, 1);
  const results = await answers;
  const seconds = (performance.now() - started) / 1000;

  // As before the sandbox: the same huge sheet parsed on the API's event loop.
  let inline = false;
  const stalled = sample(() => inline, 1);
  await new Promise((r) => setTimeout(r, 20));
  await firstSheetInSandbox(sheet).catch(() => undefined);
  inline = true;
  const before = await stalled;

  console.log(`/api/user/current idle:                         ${line(idle)}`);
  console.log(`/api/user/current while ${bombs.length} bombs are refused:   ${line(busy)}`);
  console.log(`  bombs answered in ${seconds.toFixed(1)} s: ${results.join('; ')}`);
  console.log(`/api/user/current while one huge sheet is parsed on the API thread (before the sandbox): ${line(before)}`);
} finally {
  await h.close();
}
