/**
 * Highlighted snippets of search hits: the part of a chunk's text around the query's matched terms,
 * as segments marked `match` where a term occurs (case-insensitive), so a client renders them
 * without parsing markup. Made from the same jieba terms the index matched (tokenize.ts).
 */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const SNIPPET_CHARS = 160;

/** Where the terms occur in the text: merged [start, end) ranges, in order. */
export function matchRanges(text: string, queryTerms: string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  // Lower-casing can change lengths in rare scripts; then offsets would drift: match nothing.
  if (lower.length !== text.length) return [];
  const ranges: Array<[number, number]> = [];
  for (const term of new Set(queryTerms)) {
    if (!term) continue;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * The window of about `max` characters holding the most matched characters (starting a little
 * before its first match), split into marked parts; "…" marks cut ends. No match: the text's start.
 */
export function snippetOf(text: string, queryTerms: string[], max = SNIPPET_CHARS): SnippetPart[] {
  const ranges = matchRanges(text, queryTerms);
  let start = 0;
  if (text.length > max && ranges.length) {
    let best = -1;
    for (let i = 0; i < ranges.length; i++) {
      let covered = 0;
      for (let j = i; j < ranges.length && ranges[j]![1] <= ranges[i]![0] + max; j++) covered += ranges[j]![1] - ranges[j]![0];
      if (covered > best) {
        best = covered;
        start = ranges[i]![0];
      }
    }
    start = Math.max(0, Math.min(start - 20, text.length - max));
  }
  const end = Math.min(text.length, start + max);
  const parts: SnippetPart[] = [];
  const push = (from: number, to: number, match: boolean) => {
    if (to > from) parts.push({ text: text.slice(from, to), match });
  };
  let at = start;
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue;
    push(at, Math.max(at, a), false);
    push(Math.max(at, a), Math.min(b, end), true);
    at = Math.min(b, end);
  }
  push(at, end, false);
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return parts;
}
