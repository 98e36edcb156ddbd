import { type Jieba, TfIdf } from '@node-rs/jieba';
import { idf } from '@node-rs/jieba/dict.js';
import { jieba as sharedJieba } from '../../../engines/words.ts';

/** The process's segmenter (engines/words.ts) and one IDF table: loading the dictionaries takes a moment. */
let tools: { jieba: Jieba; tfidf: TfIdf } | null = null;
function segmenter() {
  if (!tools) {
    const tfidf = TfIdf.withDict(idf);
    tfidf.setConfig({ minKeywordLength: 2, useHmm: true });
    tools = { jieba: sharedJieba(), tfidf };
  }
  return tools;
}

/** Parts of speech that make hot words: nouns, names, places, verbs, English words. */
const WORD_POS = ['n', 'nr', 'ns', 'nt', 'nz', 'vn', 'v', 'eng', 'nw', 'an'];
const NOISE = /^[\d.%万亿]+$|^[a-z]$/i;

/** The TF-IDF keywords of one text, best first. */
export function keywords(text: string, topK: number): Array<{ keyword: string; weight: number }> {
  const { jieba, tfidf } = segmenter();
  return tfidf.extractKeywords(jieba, text, topK, WORD_POS).filter((k) => !NOISE.test(k.keyword));
}

export interface HotWord {
  word: string;
  /** TF-IDF weight over all titles. */
  weight: number;
  /** Titles containing the word. */
  count: number;
}

/** Hot words across titles: TF-IDF over the whole list, with how many titles carry each word. */
export function hotWords(titles: string[], topK = 50): HotWord[] {
  if (!titles.length) return [];
  return keywords(titles.join('。'), topK).map((k) => ({
    word: k.keyword,
    weight: Math.round(k.weight * 1000) / 1000,
    count: titles.filter((t) => t.includes(k.keyword)).length,
  }));
}

export interface Topic<T> {
  /** The shared keyword, or null for the items that share none. */
  topic: string | null;
  items: T[];
}

/**
 * Groups items into topics by shared keywords: the keyword that most items carry becomes a topic
 * and takes its items, then the next; items that share no keyword with another item end in a
 * final group with topic null.
 */
export function groupTopics<T extends { title: string; desc?: string | null }>(items: T[]): Array<Topic<T>> {
  const words = items.map((item) => new Set(keywords(`${item.title} ${item.desc ?? ''}`, 5).map((k) => k.keyword)));
  const left = new Set(items.map((_, i) => i));
  const topics: Array<Topic<T>> = [];
  for (;;) {
    const counts = new Map<string, number>();
    for (const i of left) for (const w of words[i] ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    const best = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    if (!best) break;
    const members = [...left].filter((i) => words[i]?.has(best[0]));
    for (const i of members) left.delete(i);
    topics.push({ topic: best[0], items: members.map((i) => items[i] as T) });
  }
  if (left.size) topics.push({ topic: null, items: [...left].map((i) => items[i] as T) });
  return topics;
}
