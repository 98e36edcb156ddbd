// A process of the sandbox for untrusted content (sandbox/runner.ts): runs one parse at a time. Its
// memory is bounded as a whole: once it has started, the runner sets its address-space limit
// (RLIMIT_AS, `prlimit`: its size at start + PARSE_MAX_MEMORY_MB), beside the V8 heap limit
// (--max-old-space-size), so a parser's buffers outside the V8 heap (pdf.js inflating a stream) are
// bounded too, and everything it held goes back to the system when the process ends (issue 42: a
// thread's limit covered only its heap).
// Plain JavaScript so it starts without a TypeScript loader in production (the build copies it beside
// the compiled code); when the parser module is TypeScript (tests, `tsx` in development) tsx's loader
// is registered first.
import fs from 'node:fs';
import os from 'node:os';

// Parses yield the CPU to the API's event loop (as the engine threads do, engines/pool-worker.mjs).
try {
  os.setPriority(10);
} catch {
  // not allowed
}

// With TypeScript, tsx's loader (a thread of its own) is started and used once before the runner
// takes this process's size as the base of its memory limit.
const ready =
  process.env.SANDBOX_TYPESCRIPT === '1'
    ? import('tsx/esm/api').then((tsx) => {
        tsx.register();
        return import('./refusal.ts');
      })
    : Promise.resolve();
// Started: the address space reserved now (VmSize, kB), the base the runner adds the parse's limit to.
ready.then(() => {
  let vmKb = 0;
  try {
    vmKb = Number(fs.readFileSync('/proc/self/status', 'utf8').match(/VmSize:\s*(\d+)/)?.[1] ?? 0);
  } catch {
    // not Linux: no address-space limit (the V8 heap limit and the time limit still hold)
  }
  process.send({ ready: true, vmKb });
});

// The API process went away: nothing to parse for.
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, module, fn, input }) => {
  const rss = () => Math.round(process.memoryUsage.rss() / 1048576);
  try {
    await ready;
    const parser = (await import(module))[fn];
    // Loaded: from here the parse's own time limit runs (starting a process under load is not the file's fault).
    process.send({ id, started: true });
    const result = await parser(input);
    process.send({ id, ok: true, result, rss: rss() });
  } catch (err) {
    // An allocation that failed (RangeError) comes back by name and message: the runner tells it apart.
    process.send({
      id,
      ok: false,
      rss: rss(),
      error: {
        name: err?.name ?? 'Error',
        message: err?.message ?? String(err),
        key: err?.key,
        params: err?.params,
        data: err?.data,
      },
    });
  }
});
