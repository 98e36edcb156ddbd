import sharp from 'sharp';
import { createComfyEngine } from '../../packages/server/src/engines/comfyui/engine.ts';
import { type FakeComfy, startFakeComfy } from '../../packages/server/src/engines/comfyui/fake-comfyui.test-support.ts';
import { loadWorkflows } from '../../packages/server/src/engines/comfyui/workflows.ts';
import type { EngineJob } from '../../packages/server/src/engines/types.ts';

/**
 * The comfyui adapter against the ComfyUI test double (engines/comfyui/fake-comfyui.ts) with a fixed
 * latency per node and sampling step: (1) the adapter's overhead per task, i.e. the wall time of a
 * run minus the time the server spent executing it (uploads of two 1 MP inputs, the socket, history
 * and /view of four outputs); (2) TRY_ON tasks per minute with 1, 2 and 4 servers listed, each server
 * running one prompt at a time as ComfyUI does. COMFY_BENCH_STEP_MS (default 20), COMFY_BENCH_TASKS
 * (default 16).
 */
const STEP_MS = Number(process.env.COMFY_BENCH_STEP_MS ?? 20);
const TASKS = Number(process.env.COMFY_BENCH_TASKS ?? 16);
const workflows = loadWorkflows();
const input = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#999' } })
  .jpeg()
  .toBuffer();

const job = (i: number): EngineJob => ({
  taskId: `bench-${i}`,
  bizType: 'TRY_ON',
  params: { genNum: 4, seed: i },
  inputs: [
    { buffer: input, contentType: 'image/jpeg' },
    { buffer: input, contentType: 'image/jpeg' },
  ],
  signal: new AbortController().signal,
  progress: () => undefined,
});

// (1) overhead, one task at a time on one server
{
  const server = await startFakeComfy({ stepMs: STEP_MS, steps: 10 });
  const engine = createComfyEngine({ servers: [server.url], workflows, timeoutMs: 120_000 });
  await engine.run(job(-1)); // warm-up (connections, sharp)
  const overheads: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await engine.run(job(i));
    overheads.push(performance.now() - t - (server.durations.at(-1) ?? 0));
  }
  overheads.sort((a, b) => a - b);
  const median = overheads[Math.floor(overheads.length / 2)] ?? 0;
  console.log(
    `comfyui adapter overhead per TRY_ON task (2 inputs, 4 outputs): median ${median.toFixed(1)} ms, max ${(overheads.at(-1) ?? 0).toFixed(1)} ms (server execution ~${Math.round(server.durations.at(-1) ?? 0)} ms excluded)`,
  );
  await server.close();
}

// (2) throughput with 1, 2, 4 servers
for (const count of [1, 2, 4]) {
  const servers: FakeComfy[] = await Promise.all(
    Array.from({ length: count }, () => startFakeComfy({ stepMs: STEP_MS, steps: 10 })),
  );
  const engine = createComfyEngine({ servers: servers.map((s) => s.url), workflows, timeoutMs: 300_000 });
  const t = performance.now();
  // Task workers send work as it comes: all tasks in flight at once, the adapter spreads them.
  await Promise.all(Array.from({ length: TASKS }, (_, i) => engine.run(job(i))));
  const seconds = (performance.now() - t) / 1000;
  const spread = servers.map((s) => s.prompts.length).join('/');
  console.log(
    `comfyui ${count} server(s): ${TASKS} TRY_ON tasks in ${seconds.toFixed(2)} s = ${((TASKS / seconds) * 60).toFixed(0)} tasks/minute (prompts per server ${spread}; ${STEP_MS} ms per node/step)`,
  );
  for (const s of servers) await s.close();
}
