import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bareFastify, productServer } from './support/servers.ts';

/**
 * Instructions per request of GET /api/user/current (issue 48), counted by callgrind: the load
 * the machine carries does not move them, unlike CPU time. Each target runs under
 * `valgrind --tool=callgrind --instr-atstart=no --toggle-collect=uv__read` (only what runs inside the
 * socket's read callback: parsing, hooks, handler, writing, and the ticks and microtasks before it
 * returns; not the timers), driven over one keep-alive connection from outside valgrind: WARM
 * requests, then counting on (`callgrind_control -i on`), COUNT requests, off, dump. Prints
 * instructions per request of the main thread; the dumps (with node's --perf-basic-prof map of
 * the JIT's code, perf.map) stay in the output folder for callgrind_annotate.
 *
 *   HOT_PATH_ICOUNT=packages/server/dist,bare npm run bench -- hot-path-instructions
 *
 * Targets: a build's folder, or `bare` (a bare Fastify route answering the same bytes as the first
 * build). HOT_PATH_ICOUNT_WARM (20000), HOT_PATH_ICOUNT_COUNT (2000), HOT_PATH_ICOUNT_OUT
 * (tmp/icount). Needs valgrind; a run takes 3-10 minutes. Under valgrind a request takes about
 * 50 times as long, so work done once per span of time lands in the count more often than at real
 * speed: the read caches' `PRAGMA data_version` (once per 10 ms: about every request there, 1-1.5k
 * instructions) and the tenant cache's read (once per 10 s). Without HOT_PATH_ICOUNT it does nothing.
 */
const targets = (process.env.HOT_PATH_ICOUNT ?? '').split(',').filter(Boolean);
const WARM = Number(process.env.HOT_PATH_ICOUNT_WARM ?? 20_000);
const COUNT = Number(process.env.HOT_PATH_ICOUNT_COUNT ?? 2_000);
const OUT = path.resolve(process.env.HOT_PATH_ICOUNT_OUT ?? 'tmp/icount');

/** Requests one at a time over one keep-alive connection; resolves each answer's bytes. */
async function connection(port: number, request: Buffer) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffered = Buffer.alloc(0);
  let waiting: ((answer: Buffer) => void) | undefined;
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/content-length: (\d+)/i.exec(buffered.subarray(0, end).toString())?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return;
    const answer = buffered.subarray(0, end + 4 + length);
    buffered = buffered.subarray(end + 4 + length);
    const done = waiting;
    waiting = undefined;
    done?.(answer);
  });
  return {
    one: () =>
      new Promise<Buffer>((resolve) => {
        waiting = resolve;
        socket.write(request);
      }),
    close: () => socket.destroy(),
  };
}

async function count(target: string, same: string): Promise<{ perRequest: number; answer: string }> {
  const out = path.join(OUT, `${target.replaceAll('/', '_')}-${Date.now()}`);
  fs.mkdirSync(out, { recursive: true });
  const valgrind = [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    '--separate-threads=yes',
    '--toggle-collect=uv__read',
    `--callgrind-out-file=${out}/callgrind.out.%p`,
    `--log-file=${out}/valgrind.log`,
  ];
  const server =
    target === 'bare'
      ? { ...(await bareFastify(same, valgrind, 600)), path: '/same', headers: '' }
      : await productServer(
          [
            valgrind[0] as string,
            [
              ...valgrind.slice(1),
              process.execPath,
              '--perf-basic-prof',
              '--conditions=compiled',
              path.join(target, 'app/index.js'),
            ],
          ],
          {},
          600,
        ).then((s) => ({ ...s, path: '/api/user/current', headers: `authorization: ${s.auth.authorization}\r\n` }));
  const port = Number(new URL(server.origin).port);
  const c = await connection(
    port,
    Buffer.from(`GET ${server.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${server.headers}\r\n`),
  );
  const control = (...args: string[]) =>
    // callgrind_control finds the server's pipe by the HOST it was started with.
    execFileSync('callgrind_control', [...args, String(server.pid)], { env: { ...process.env, HOST: '127.0.0.1' } });
  try {
    const answer = (await c.one()).toString();
    for (let i = 1; i < WARM; i++) await c.one();
    control('-i', 'on');
    for (let i = 0; i < COUNT; i++) await c.one();
    control('-i', 'off');
    control('-d');
    const main = fs
      .readdirSync(out)
      .filter((f) => f.startsWith(`callgrind.out.${server.pid}.`) && f.endsWith('-01'))
      .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
      .map((text) => Number(/^totals: (\d+)/m.exec(text)?.[1] ?? 0));
    try {
      fs.copyFileSync(path.join(os.tmpdir(), `perf-${server.pid}.map`), path.join(out, 'perf.map'));
    } catch {}
    console.log(`${target}: ${Math.round(Math.max(0, ...main) / COUNT)} instructions/request (main thread; ${out})`);
    return { perRequest: Math.max(0, ...main) / COUNT, answer };
  } finally {
    c.close();
    server.stop();
  }
}

if (targets.length === 0) {
  console.log('HOT_PATH_ICOUNT not set: nothing to count (see the comment at the top of this file).');
} else {
  let same = '';
  for (const target of targets) {
    if (target === 'bare' && !same) throw new Error('name a build before `bare`: it answers the same bytes as that build');
    const { answer } = await count(target, same);
    if (!same && target !== 'bare') same = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  }
}
