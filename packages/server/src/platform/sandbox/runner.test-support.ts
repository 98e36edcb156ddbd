/** Parsers for runner.test.ts, loaded in sandbox threads. */
export function spin(): never {
  for (;;) {
    // a parser that never ends (a page-tree loop, pathological XML)
  }
}

export function double(input: number): number {
  return input * 2;
}
