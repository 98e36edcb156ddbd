import { jieba } from '../words.ts';
import { ASCENT, DESCENT, type FontWeight, measure } from './fonts.ts';

/**
 * Line breaking for posters, Chinese and Latin text alike:
 * - Latin words (letters, digits, apostrophes, inner hyphens) are never split: a line breaks only
 *   between words; Chinese breaks between words too (issue 44: "纯棉连帽卫 / 衣"), the words found by
 *   jieba (@node-rs/jieba, the segmenter knowledge search already ships, with its own dictionary);
 * - prices and quantities (到手价￥299, 299元, 3.5kg) are never split (ATOM);
 * - kinsoku: closing punctuation (，。、！？」） and their half-width kin) never starts a line, it
 *   travels with the character before it; opening punctuation (「（《“) never ends a line;
 * - the text is fitted to a box: the largest font size between max and min at which all lines fit;
 *   at the minimum size, lines that do not fit are dropped and the last kept line ends with "…".
 * A single word wider than the box at the minimum size is the only case a word is cut (there is no
 * other way to keep it inside the box); `cutWord` reports it.
 */
export const CLOSING = new Set([...'，。、；：？！）」』】》〉〕”’…·～,.;:?!)]}%\'"、ー']);
const OPENING = new Set([...'（「『【《〈〔“‘([{#@￥$']);
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/u;

/**
 * Prices and quantities are one unbreakable token (issue 30: "限时到手/价￥299"): a price with its
 * label and currency sign (到手价￥299, ￥1,299.00, $19.9), and a number with its unit (299元, 5折,
 * 3.5kg, 99%, 24小时).
 */
const ATOM =
  /(?:每?满\s?[￥¥$]?\d[\d,.]*\s?元?\s?[减送立享打返]\s?[￥¥$]?\d[\d,.]*\s?(?:元|折)?)|(?:(?:到手|券后|活动|秒杀|折后|会员|限时|特|售|原|现)?价[:：]?\s?|[仅只低])?[￥¥$]\s?\d[\d,.]*(?:\s?元)?(?:起)?|\d[\d,.]*\s?(?:%|％|元|折|件|套|斤|千克|克|kg|g|ml|mL|L|cm|mm|m|寸|码|天|小时|分钟|秒|岁|年|月|日|号|人|份|瓶|盒|包|只|条|次|万|亿|倍)/gu;

/** Prices and promotions a poster emphasises (issue 44): a currency amount, or a "满299减30" offer. */
export const PRICE =
  /(?:每?满\s?[￥¥$]?\d[\d,.]*\s?元?\s?[减送立享打返]\s?[￥¥$]?\d[\d,.]*\s?(?:元|折)?)|(?:[￥¥$]\s?\d[\d,.]*(?:\s?元)?)|(?:\d[\d,.]*\s?元)/gu;

interface Token {
  text: string;
  /** A space separated it from the token before (dropped at a line start). */
  space: boolean;
}

/** UTF-16 offsets at which a word of the paragraph ends: breaks between CJK characters only there. */
function wordEnds(paragraph: string): Set<number> {
  const ends = new Set<number>();
  let at = 0;
  for (const word of jieba().cut(paragraph, true)) {
    at += word.length;
    ends.add(at);
  }
  return ends;
}

/** Splits a paragraph into unbreakable tokens. */
export function tokenize(paragraph: string): Token[] {
  const ends = CJK.test(paragraph) ? wordEnds(paragraph) : null;
  // Whether the last token ends inside a Chinese word that the next character continues.
  let glue = false;
  // Atoms by their UTF-16 offset: the text (spaces dropped) and the code points they span.
  const atoms = new Map<number, { text: string; length: number }>();
  for (const m of paragraph.matchAll(ATOM)) atoms.set(m.index, { text: m[0].replace(/\s/g, ''), length: [...m[0]].length });
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
  const chars = [...paragraph];
  let at = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const wasGlue = glue;
    glue = false;
    const atom = atoms.get(at);
    if (atom && !word) {
      tokens.push({ text: pendingOpen + atom.text, space });
      pendingOpen = '';
      space = false;
      for (let k = 0; k < atom.length; k++) at += chars[i + k]!.length;
      i += atom.length - 1;
      continue;
    }
    at += ch.length;
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
      const last = tokens[tokens.length - 1];
      if (wasGlue && last && !pendingOpen && !space && !ends?.has(at - ch.length)) last.text += ch;
      else tokens.push({ text: pendingOpen + ch, space });
      pendingOpen = '';
      space = false;
      glue = true;
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
