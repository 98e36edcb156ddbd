/**
 * Polls `fn` every 25 ms until `ok` holds, and returns that value. Bounded by the test's own timeout
 * (60 s for the server project), not by a count of polls: a count was a time limit in disguise, and a
 * background task that needed more than 10 s on a loaded CI machine (a knowledge collection's
 * training beside the picture tests) failed a test whose behaviour was right. The bound here (55 s) only
 * makes the failure say which wait ran out before vitest's time-out would.
 */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what = 'condition'): Promise<T> {
  const end = Date.now() + 55_000;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what} not reached`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
