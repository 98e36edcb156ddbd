import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { PRODUCT_WORDS } from './product-words.ts';

/**
 * Search terms of a text: jieba's search-mode segmentation (words plus their shorter parts, so
 * "保温杯" also matches "保温"), lower-cased, without punctuation and the commonest function words.
 * The same function makes index terms (the full-text index holds them space-joined, index-store.ts)
 * and query terms, so both sides always agree. jieba's own dictionary is extended with a user
 * dictionary of product words (product-words.ts) so they stay whole; changing that list changes the
 * terms, so the index must then be rebuilt (docs/knowledge.md).
 */
let jieba: Jieba | null = null;
const segmenter = () => {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    // jieba's dictionary format: "word frequency tag" per line.
    jieba.loadDict(Buffer.from(PRODUCT_WORDS.map((w) => `${w} 20000 n`).join('\n')));
  }
  return jieba;
};

const STOP = new Set(
  '的 了 是 在 和 与 及 或 也 都 就 而 着 把 被 之 其 这 那 个 一 有 我 你 他 她 它 们 吗 吧 呢 啊 哦 并 等 对 从 到 为 以 于 上 下 中 the a an and or of to in on for is are was were be by with as at it this that from'.split(
    ' ',
  ),
);
const WORDLIKE = /[\p{L}\p{N}]/u;

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const raw of segmenter().cutForSearch(text, true)) {
    // A term never holds white space (the index separates terms with it) nor U+E000 (the index's
    // filter tokens and dataset prefixes start with it).
    const term = raw.replace(/[\s\uE000]+/gu, '').toLowerCase();
    if (!term || !WORDLIKE.test(term) || STOP.has(term)) continue;
    out.push(term);
  }
  return out;
}

/** Term frequencies of a text, and its length in terms. */
export function termCounts(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  const list = terms(text);
  for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, length: list.length };
}
