import { ASCENT, DESCENT, type FontWeight, measure } from './fonts.ts';

/**
 * Line breaking for posters, Chinese and Latin text alike:
 * - Latin words (letters, digits, apostrophes, inner hyphens) are never split: a line breaks only
 *   between words, or between CJK characters (which may break anywhere);
 * - kinsoku: closing punctuation (，。、！？」） and their half-width kin) never starts a line, it
 *   travels with the character before it; opening punctuation (「（《“) never ends a line;
 * - the text is fitted to a box: the largest font size between max and min at which all lines fit;
 *   at the minimum size, lines that do not fit are dropped and the last kept line ends with "…".
 * A single word wider than the box at the minimum size is the only case a word is cut (there is no
 * other way to keep it inside the box); `cutWord` reports it.
 */
const CLOSING = new Set([...'，。、；：？！）」』】》〉〕”’…·～,.;:?!)]}%\'"、ー']);
const OPENING = new Set([...'（「『【《〈〔“‘([{#@￥$']);
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/u;

interface Token {
  text: string;
  /** A space separated it from the token before (dropped at a line start). */
  space: boolean;
}

/** Splits a paragraph into unbreakable tokens. */
export function tokenize(paragraph: string): Token[] {
  const tokens: Token[] = [];
  let pendingOpen = '';
  let space = false;
  let word = '';
  const pushWord = () => {
    if (!word) return;
    tokens.push({ text: pendingOpen + word, space });
    pendingOpen = '';
    space = false;
    word = '';
  };
  for (const ch of paragraph) {
    if (/\s/u.test(ch)) {
      pushWord();
      if (tokens.length || pendingOpen) space = true;
      continue;
    }
    if (CLOSING.has(ch)) {
      // Apostrophes and full stops inside or after a word stay with it ("don't", "3.5", "word,").
      if (word) {
        word += ch;
        continue;
      }
      const last = tokens[tokens.length - 1];
      if (last && !pendingOpen) {
        last.text += ch;
        space = false;
      } else {
        tokens.push({ text: pendingOpen + ch, space });
        pendingOpen = '';
        space = false;
      }
      continue;
    }
    if (OPENING.has(ch)) {
      pushWord();
      pendingOpen += ch;
      continue;
    }
    if (CJK.test(ch)) {
      pushWord();
      tokens.push({ text: pendingOpen + ch, space });
      pendingOpen = '';
      space = false;
      continue;
    }
    word += ch;
  }
  pushWord();
  if (pendingOpen) tokens.push({ text: pendingOpen, space });
  return tokens;
}

export interface BreakResult {
  lines: string[];
  /** A word longer than a whole line had to be cut. */
  cutWord: boolean;
}

/** Greedy breaking of text (paragraphs split by newlines) into lines no wider than maxWidth. */
export function breakLines(text: string, maxWidth: number, size: number, weight: FontWeight): BreakResult {
  const lines: string[] = [];
  let cutWord = false;
  for (const paragraph of text.replace(/\r/g, '').split('\n')) {
    let line = '';
    for (const token of tokenize(paragraph)) {
      const candidate = line ? `${line}${token.space ? ' ' : ''}${token.text}` : token.text;
      if (measure(candidate, size, weight) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (measure(token.text, size, weight) <= maxWidth) {
        line = token.text;
        continue;
      }
      // Only a token wider than a whole line gets here: cut it by characters.
      cutWord = true;
      for (const ch of token.text) {
        if (line && measure(line + ch, size, weight) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    if (line) lines.push(line);
  }
  return { lines, cutWord };
}

export interface FitOptions {
  maxSize: number;
  minSize: number;
  weight: FontWeight;
  /** Distance between baselines as a multiple of the font size. */
  lineHeight: number;
}

export interface FittedText {
  size: number;
  lines: string[];
  lineHeight: number;
  /** Lines were dropped (text ends with "…") because even the smallest size could not hold it. */
  truncated: boolean;
  cutWord: boolean;
}

/** Height the lines take: baselines lineHeight apart, plus the face's ascent and descent. */
export const blockHeight = (lines: number, size: number, lineHeight: number) =>
  lines === 0 ? 0 : (lines - 1) * size * lineHeight + (ASCENT + DESCENT) * size;

/** The largest size at which the text fits the box, or the smallest size with the text truncated. */
export function fitText(text: string, width: number, height: number, options: FitOptions): FittedText {
  const { maxSize, minSize, weight, lineHeight } = options;
  const clean = text.trim();
  if (!clean) return { size: maxSize, lines: [], lineHeight, truncated: false, cutWord: false };
  for (let size = Math.floor(maxSize); size >= minSize; size -= size > 40 ? 2 : 1) {
    const { lines, cutWord } = breakLines(clean, width, size, weight);
    if (!cutWord && blockHeight(lines.length, size, lineHeight) <= height)
      return { size, lines, lineHeight, truncated: false, cutWord };
  }
  const size = minSize;
  const { lines, cutWord } = breakLines(clean, width, size, weight);
  let keep = lines.length;
  while (keep > 0 && blockHeight(keep, size, lineHeight) > height) keep -= 1;
  if (keep === lines.length) return { size, lines, lineHeight, truncated: false, cutWord };
  const kept = lines.slice(0, keep);
  if (keep > 0) {
    let last = kept[keep - 1] as string;
    const chars = [...last];
    while (chars.length && measure(`${chars.join('')}…`, size, weight) > width) chars.pop();
    last = `${chars.join('').trimEnd()}…`;
    kept[keep - 1] = last;
  }
  return { size, lines: kept, lineHeight, truncated: true, cutWord };
}
