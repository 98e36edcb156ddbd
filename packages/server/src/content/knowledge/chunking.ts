/**
 * Splits text into chunks for indexing (spec 001 §9: direct chunks of 700 characters, qa paragraphs
 * of 4000). Cuts fall on sentence ends (Chinese and Western punctuation, closing quotes kept with
 * their sentence) or line breaks; a sentence longer than a chunk is cut hard as the last resort.
 */
export const CHUNK_SIZE = 700;
export const QA_SPLIT_SIZE = 4000;
/** The most question/answer pairs asked of the chat engine per qa paragraph. */
export const QA_MAX_PAIRS = 50;

/**
 * Sentence ends and closers as UTF-16 code units (all in the BMP): reading `text[i]` would make a
 * string per character (non-Latin characters are not cached by V8), which made splitting a 1.6 MB
 * text take half a second; code units take a fraction of that (issue 48).
 */
const codes = (chars: string) => new Set([...chars].map((c) => c.charCodeAt(0)));
const ENDS = codes('。！？!?；;…');
const CLOSERS = codes('”’"\'）)】]」』》');
const DOT = 0x2e;
const NEWLINE = 0x0a;

/** Sentences (and line breaks) in order; joining them gives back the text. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text.charCodeAt(i);
    let cut = -1;
    if (ENDS.has(ch)) {
      let j = i + 1;
      while (j < n && (ENDS.has(text.charCodeAt(j)) || CLOSERS.has(text.charCodeAt(j)))) j++;
      cut = j;
    } else if (ch === DOT && (i + 1 >= n || /\s/.test(text[i + 1]!)) && !/\d/.test(text[i - 1] ?? '')) {
      cut = i + 1;
    } else if (ch === NEWLINE) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) === NEWLINE) j++;
      cut = j;
    }
    if (cut > 0) {
      out.push(text.slice(start, cut));
      start = cut;
      i = cut;
    } else {
      i++;
    }
  }
  if (start < n) out.push(text.slice(start));
  return out;
}

/** Chunks of at most `size` characters, trimmed, never empty. */
export function splitText(text: string, size = CHUNK_SIZE): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    const trimmed = current.trim();
    if (trimmed) chunks.push(trimmed);
    current = '';
  };
  for (const sentence of sentences(text)) {
    if (current.length + sentence.length <= size) {
      current += sentence;
      continue;
    }
    flush();
    if (sentence.length <= size) {
      current = sentence;
      continue;
    }
    for (let i = 0; i < sentence.length; i += size) {
      current = sentence.slice(i, i + size);
      if (i + size < sentence.length) flush();
    }
  }
  flush();
  return chunks;
}
