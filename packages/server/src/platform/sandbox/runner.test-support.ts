/** Parsers for runners.test.ts, loaded in sandbox processes. */
export function spin(): never {
  for (;;) {
    // a parser that never ends (a page-tree loop, pathological XML)
  }
}

export function double(input: number): number {
  return input * 2;
}

/** A parser whose buffers (outside the V8 heap, as pdf.js's) grow until an allocation fails. */
export function hog(): number {
  const held: ArrayBuffer[] = [];
  // Untouched (zero pages are mapped on first write): the address-space limit stops it, not the machine's memory.
  for (;;) held.push(new ArrayBuffer(64 * 1024 * 1024));
}
