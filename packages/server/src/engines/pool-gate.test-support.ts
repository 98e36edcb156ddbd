/**
 * Loaded into the engine pool's threads by pool.test.ts (instrumentEnginePool): every run first
 * counts itself in cell 0, then blocks its thread, as CPU-bound work does, until the test sets
 * cell 1. The engine that then runs is the real one. Cell 2 gets the thread's nice value (Linux,
 * /proc/thread-self/stat field 19), so the test can see the priority engine threads run at.
 */
import fs from 'node:fs';

export default function holdRuns(shared: SharedArrayBuffer) {
  const cells = new Int32Array(shared);
  return {
    beforeRun() {
      const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
      Atomics.store(cells, 2, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
      Atomics.add(cells, 0, 1);
      Atomics.wait(cells, 1, 0);
    },
  };
}
