import { jieba } from '../words.ts';
import { ASCENT, DESCENT, type FontWeight, measure } from './fonts.ts';

/**
 * Line breaking for posters, Chinese and Latin text alike:
 * - Latin words (letters, digits, apostrophes, inner hyphens) are never split: a line breaks only
 *   between words; Chinese breaks between words too (issue 44: "纯棉连帽卫 / 衣"), the words found by
 *   jieba (engines/words.ts: the one segmenter, with the shop vocabulary loaded on top), a lone
 *   character leaning on its word (LEANS_FORWARD);
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
/** A CJK character that is a letter of a word (not punctuation nor a full-width sign). */
const CJK_LETTER = /[\u3400-\u9FFF\uF900-\uFAFF]/u;

/** An amount of money: a currency sign and a number, or a number and 元. */
const MONEY = String.raw`(?:[￥¥$]\s?\d[\d,.]*(?:\s?元)?|\d[\d,.]*\s?元)`;
/** A price's label: 到手价, 券后, 立减, 低至... (the amount follows it, never alone on the next line). */
const PRICE_LABEL = '(?:(?:到手|券后|活动|秒杀|折后|会员|限时|特|售|原|现)价?[:：]?|立减|直降|低至|仅售|只要|[仅只低])';
/** An offer: 满299减30, 每满100送10, 满2件9折, 满3件减50. */
const OFFER = String.raw`每?满\s?[￥¥$]?\d[\d,.]*\s?(?:元?\s?[减送立享打返]|件\s?[减送立享打返]?)\s?[￥¥$]?\d[\d,.]*\s?(?:元|折)?`;
/** Buy so many, get so many free: 买一送一, 买2送1. */
const BUY_GET = String.raw`买[\d一二两三四五六七八九十]+送[\d一二两三四五六七八九十]+`;
const UNITS =
  '%|％|元|折|件|套|斤|千克|克|kg|g|ml|mL|L|cm|mm|m|寸|码|天|小时|分钟|秒|岁|年|月|日|号|人|份|瓶|盒|包|只|条|次|万|亿|倍|支';

/**
 * Prices and quantities are one unbreakable token (issue 30: "限时到手/价￥299"; issue 44:
 * "满299减 / 30"): an offer (满299减30, 买二送一), a price with its label (到手价￥299, 券后￥129,
 * 立减￥50, ￥1,299.00, $19.9, 299元起), and a number with its unit (5折, 3.5kg, 99%, 24小时, 100支).
 */
const ATOM = new RegExp(`(?:${OFFER})|${BUY_GET}|(?:${PRICE_LABEL})?${MONEY}(?:起)?|\\d[\\d,.]*\\s?(?:${UNITS})`, 'gu');

/** Prices and offers a poster emphasises (issue 44): an offer, or an amount of money. */
export const PRICE = new RegExp(`(?:${OFFER})|${MONEY}`, 'gu');

interface Token {
  text: string;
  /** A space separated it from the token before (dropped at a line start). */
  space: boolean;
}

/**
 * One-character words that lean on the next word: adjectives and prefixes (大帽檐, 白鸭绒, 超长)
 * and verbs that take an object (防摔, 护颈椎, 助睡眠, 送女友): they never end a line. Every other
 * one-character word leans on the word before it (托特包, 北欧风, 可外穿, 学生党): it never starts
 * a line. So no line begins or ends with a lone character cut off from its word.
 */
const LEANS_FORWARD = new Set([
  ...'大小超新老全纯真高低半双单免加不可带无有多少微特极白黑红蓝绿黄灰粉紫金银防护助抗去祛补控遮满吃喝穿戴用洗送',
]);

/**
 * UTF-16 offsets at which a word of the paragraph ends: breaks between CJK characters only there.
 * The stretches between prices and quantities are segmented on their own (the segmenter would read
 * "一对装立减￥50" as 一对 / 装立 / 减).
 */
function wordEnds(paragraph: string, atoms: ReadonlyMap<number, { source: number }>): { ends: Set<number>; joins: Set<number> } {
  const ends = new Set<number>();
  // Offsets of lone characters that lean back on the price or quantity before them (10斤装).
  const joins = new Set<number>();
  const stretches: Array<[number, number]> = [];
  let from = 0;
  for (const [at, atom] of [...atoms].sort((a, b) => a[0] - b[0])) {
    if (at > from) stretches.push([from, at]);
    from = at + atom.source;
  }
  if (from < paragraph.length) stretches.push([from, paragraph.length]);
  const lone = (w: string | undefined) => !!w && w.length === 1 && CJK_LETTER.test(w);
  for (const [start, end] of stretches) {
    const words = jieba().cut(paragraph.slice(start, end), false);
    // A lone character leans back when it does not lean forward or has nothing to lean on (可外穿).
    const leansBack = (i: number) => lone(words[i]) && (!LEANS_FORWARD.has(words[i]!) || i + 1 >= words.length);
    if (start > 0 && atoms.size && leansBack(0)) joins.add(start);
    let at = start;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      at += word.length;
      const next = words[i + 1];
      // No break after a word leaning forward, nor before a lone character leaning back.
      if (lone(word) && LEANS_FORWARD.has(word) && next && /[\p{L}\p{N}]/u.test(next[0]!)) continue;
      if (leansBack(i + 1) && /[\p{L}\p{N}]$/u.test(word)) continue;
      ends.add(at);
    }
  }
  return { ends, joins };
}

/** Splits a paragraph into unbreakable tokens. */
export function tokenize(paragraph: string): Token[] {
  // Atoms by their UTF-16 offset: the text (spaces dropped), the code points and UTF-16 units they span.
  const atoms = new Map<number, { text: string; length: number; source: number }>();
  for (const m of paragraph.matchAll(ATOM))
    atoms.set(m.index, { text: m[0].replace(/\s/g, ''), length: [...m[0]].length, source: m[0].length });
  const { ends, joins } = CJK.test(paragraph) ? wordEnds(paragraph, atoms) : { ends: null, joins: null };
  // Whether the last token ends inside a Chinese word that the next character continues.
  let glue = false;
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
      // Right after a Latin word ("ins风", "a字") the word boundaries decide too.
      const afterWord = word !== '';
      pushWord();
      const last = tokens[tokens.length - 1];
      const joined = (wasGlue || afterWord) && !ends?.has(at - ch.length);
      if ((joined || joins?.has(at - ch.length)) && last && !pendingOpen && !space) last.text += ch;
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
