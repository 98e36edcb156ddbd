/**
 * Loaded into the engine pool's threads by pool.test.ts (instrumentEnginePool): every run first
 * counts itself in cell 0, then blocks its thread, as CPU-bound work does, until the test sets
 * cell 1. The engine that then runs is the real one.
 */
export default function holdRuns(shared: SharedArrayBuffer) {
  const cells = new Int32Array(shared);
  return {
    beforeRun() {
      Atomics.add(cells, 0, 1);
      Atomics.wait(cells, 1, 0);
    },
  };
}
