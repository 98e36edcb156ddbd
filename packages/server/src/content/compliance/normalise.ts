/**
 * The text the rules are matched against: one entry per significant character, each mapped back
 * to its UTF-16 span in the original, so a hit reports offsets into what the user wrote.
 *
 * What is folded, and why (each is a usual way to slip a listed term past a plain search):
 * - NFKC: full-width letters and digits ("ＮＯ．１"), circled and parenthesised digits ("①"),
 *   compatibility forms; then lower case.
 * - Traditional characters of the listed terms to simplified ("網""價""國").
 * - Spaces, punctuation, symbols, emoji and zero-width characters are dropped, so "最 低 价",
 *   "全-网-最-低" and "第·一" read as the words they spell. Kept: letters, digits and the symbols
 *   terms use ("%", "#", "+").
 */

/** Traditional forms of the characters in the built-in terms (the common ones; a full converter is not needed). */
const TRADITIONAL: Record<string, string> = {
  網: '网',
  價: '价',
  國: '国',
  級: '级',
  絕: '绝',
  對: '对',
  獨: '独',
  銷: '销',
  頂: '顶',
  療: '疗',
  癒: '愈',
  藥: '药',
  醫: '医',
  專: '专',
  薦: '荐',
  號: '号',
  買: '买',
  賣: '卖',
  聯: '联',
  繫: '系',
  權: '权',
  機: '机',
  極: '极',
  無: '无',
  與: '与',
  倫: '伦',
  僅: '仅',
  漲: '涨',
  隨: '随',
  時: '时',
  結: '结',
  東: '东',
  淨: '净',
  減: '减',
  歡: '欢',
  強: '强',
  優: '优',
  質: '质',
  檢: '检',
  證: '证',
  認: '认',
  導: '导',
  領: '领',
  將: '将',
  軍: '军',
  戰: '战',
  後: '后',
  錯: '错',
  過: '过',
  齊: '齐',
};

const KEEP_SYMBOLS = new Set(['%', '#', '+']);

export interface Normalised {
  /** One folded character per entry (a code point; NFKC may turn one into several entries). */
  chars: string[];
  /** UTF-16 offset in the original where each entry's character starts. */
  starts: number[];
  /** UTF-16 offset in the original where each entry's character ends (exclusive). */
  ends: number[];
}

const significant = /[\p{L}\p{N}]/u;

/** Folds one code point of the original into zero or more significant characters. */
function fold(cp: string): string[] {
  const traditional = TRADITIONAL[cp];
  if (traditional) return [traditional];
  const folded = cp.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  for (const c of folded) {
    const t = TRADITIONAL[c] ?? c;
    if (significant.test(t) || KEEP_SYMBOLS.has(t)) out.push(t);
  }
  return out;
}

export function normalise(text: string): Normalised {
  const chars: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const cp of text) {
    const end = offset + cp.length;
    const code = cp.charCodeAt(0);
    // Fast paths (most of a text): CJK ideographs and ASCII need no NFKC.
    if (code >= 0x4e00 && code <= 0x9fff) {
      chars.push(TRADITIONAL[cp] ?? cp);
      starts.push(offset);
      ends.push(end);
      offset = end;
      continue;
    }
    if (code < 0x80) {
      const lower = code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : cp;
      if (
        (code >= 0x30 && code <= 0x39) ||
        (code >= 0x41 && code <= 0x5a) ||
        (code >= 0x61 && code <= 0x7a) ||
        KEEP_SYMBOLS.has(cp)
      ) {
        chars.push(lower);
        starts.push(offset);
        ends.push(end);
      }
      offset = end;
      continue;
    }
    if (code >= 0x3000 && code <= 0x303f) {
      // CJK punctuation and spaces: never part of a word.
      offset = end;
      continue;
    }
    for (const c of fold(cp)) {
      chars.push(c);
      starts.push(offset);
      ends.push(end);
    }
    offset = end;
  }
  return { chars, starts, ends };
}

/** A term folded the same way as texts (for building the matcher). */
export const foldTerm = (term: string): string[] => normalise(term).chars;

/**
 * A copy of the text of the same UTF-16 length where full-width ASCII, the ideographic space and
 * circled digits are plain ASCII: the regular-expression rules (phone numbers, links) run on it,
 * so their offsets are the original's.
 */
export function widthFolded(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCharCode(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else if (code >= 0x2460 && code <= 0x2468) out += String.fromCharCode(0x31 + code - 0x2460);
    else if (code === 0x3002) out += '.';
    else out += text[i];
  }
  return out;
}
