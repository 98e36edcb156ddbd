import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { SHOP_DICTIONARY } from './shop-words.ts';

/**
 * Words of Chinese and Latin text, for every place that must not cut one: poster lines
 * (engines/poster/linebreak.ts), titles within a platform's limit (the offline writer, the rewrite
 * tools, the marketing suite), the hot words (content/marketing/hotspots/words.ts). One jieba
 * segmenter (@node-rs/jieba, the one knowledge search ships) per process: loading its dictionary
 * takes a moment. The shop's own words are loaded on top (shop-words.ts, issue 44: 阔腿裤, 托特包).
 */
let instance: Jieba | null = null;

export function jieba(): Jieba {
  if (!instance) {
    instance = Jieba.withDict(dict);
    instance.loadDict(SHOP_DICTIONARY);
  }
  return instance;
}

/** Separators a cut title should not end on. */
const TRAILING = /[\s｜|×·,，、:：;；\-—~～]+$/u;

/**
 * The longest run of whole words of `text` within `max` characters, as users count them (spec 001
 * §5 title limits; issue 47: a title never ends mid-word), without a separator left at its end.
 * Latin words are whole words too (jieba keeps them, spaces apart). A first word longer than `max` is
 * cut, as nothing shorter would say anything.
 */
export function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let out = '';
  let count = 0;
  for (const word of jieba().cut(text, true)) {
    const length = [...word].length;
    if (count + length > max) break;
    out += word;
    count += length;
  }
  out = out.replace(TRAILING, '');
  return out || chars.slice(0, max).join('');
}
