/**
 * A multi-pattern matcher over normalised text (normalise.ts): a trie of every term, walked once
 * from each position, so the cost grows with the text and the depth of the trie, not the number
 * of terms. Besides the character itself, a step of the walk accepts
 * - a homophone or look-alike used to slip past filters ("薇信", "醉低价", "第1"), and
 * - the toneless pinyin of the term's character ("zui低价", "jia微信", "quanwangzuidijia").
 * A hit that begins or ends with Latin letters or digits must stand alone there in the original
 * ("best" is no hit in "bestow", "top1" none in "top10").
 */

/** Text characters that stand for a term's character (text char -> term chars). */
const LOOK_ALIKES: Record<string, string[]> = {
  薇: ['微'],
  威: ['微'],
  徽: ['微'],
  v: ['微'],
  芯: ['信'],
  伈: ['信'],
  醉: ['最'],
  蕞: ['最'],
  弟: ['第'],
  递: ['第'],
  壹: ['一'],
  幺: ['一'],
  '1': ['一'],
  氐: ['低'],
  嘉: ['加'],
  枷: ['加'],
  '+': ['加'],
  冈: ['网'],
  罔: ['网'],
  惘: ['网'],
  伽: ['加'],
  珏: ['绝'],
  顸: ['顶'],
  鼎: ['顶'],
  価: ['价'],
  叩: ['扣'],
  寇: ['扣'],
  厶: ['私'],
  丝: ['私'],
};

/** Toneless pinyin of the characters used in the built-in terms (others match only as written). */
const PINYIN: Record<string, string> = {
  最: 'zui',
  全: 'quan',
  网: 'wang',
  低: 'di',
  价: 'jia',
  第: 'di',
  一: 'yi',
  国: 'guo',
  家: 'jia',
  级: 'ji',
  佳: 'jia',
  好: 'hao',
  优: 'you',
  便: 'pian',
  宜: 'yi',
  销: 'xiao',
  量: 'liang',
  唯: 'wei',
  独: 'du',
  顶: 'ding',
  极: 'ji',
  品: 'pin',
  致: 'zhi',
  首: 'shou',
  选: 'xuan',
  发: 'fa',
  微: 'wei',
  信: 'xin',
  加: 'jia',
  私: 'si',
  我: 'wo',
  淘: 'tao',
  宝: 'bao',
  搜: 'sou',
  治: 'zhi',
  疗: 'liao',
  愈: 'yu',
  减: 'jian',
  肥: 'fei',
  瘦: 'shou',
  身: 'shen',
  美: 'mei',
  白: 'bai',
  祛: 'qu',
  斑: 'ban',
  痘: 'dou',
  史: 'shi',
  上: 'shang',
  随: 'sui',
  时: 'shi',
  涨: 'zhang',
  特: 'te',
  供: 'gong',
  专: 'zhuan',
  推: 'tui',
  荐: 'jian',
  央: 'yang',
  视: 'shi',
  权: 'quan',
  威: 'wei',
  绝: 'jue',
  对: 'dui',
  牌: 'pai',
  名: 'ming',
  根: 'gen',
  癌: 'ai',
  抗: 'kang',
  防: 'fang',
  群: 'qun',
  扫: 'sao',
  码: 'ma',
  聊: 'liao',
  滴: 'di',
  戳: 'chuo',
  扣: 'kou',
  号: 'hao',
  高: 'gao',
  冠: 'guan',
  军: 'jun',
  王: 'wang',
  终: 'zhong',
  尊: 'zun',
  至: 'zhi',
  先: 'xian',
  进: 'jin',
  强: 'qiang',
  受: 'shou',
  欢: 'huan',
  迎: 'ying',
  行: 'xing',
  流: 'liu',
  新: 'xin',
  世: 'shi',
  界: 'jie',
  球: 'qiu',
  领: 'ling',
  袖: 'xiu',
  导: 'dao',
  病: 'bing',
  效: 'xiao',
  排: 'pai',
  毒: 'du',
  免: 'mian',
  检: 'jian',
  驰: 'chi',
  商: 'shang',
  标: 'biao',
};

interface Node<P> {
  next: Map<string, Node<P>>;
  /** Children reachable by a term character's pinyin, [syllable, child]. */
  pinyin: Array<[string, Node<P>]>;
  out: P[];
}

const node = <P>(): Node<P> => ({ next: new Map(), pinyin: [], out: [] });

export interface Match<P> {
  /** Index of the first and one past the last normalised character. */
  from: number;
  to: number;
  payload: P;
}

const latin = /^[a-z0-9]$/;

export class Matcher<P> {
  private readonly root: Node<P> = node();
  size = 0;

  add(chars: string[], payload: P): void {
    if (!chars.length) return;
    let at = this.root;
    for (const c of chars) {
      let child = at.next.get(c);
      if (!child) {
        child = node();
        at.next.set(c, child);
        const syllable = PINYIN[c];
        if (syllable) at.pinyin.push([syllable, child]);
      }
      at = child;
    }
    at.out.push(payload);
    this.size++;
  }

  /**
   * Every occurrence of every term in `chars` (normalised text). `standsAlone(from, to)` answers
   * whether a hit that starts or ends with Latin letters or digits is a word of its own there.
   */
  scan(chars: string[], standsAlone: (from: number, to: number, checkStart: boolean, checkEnd: boolean) => boolean): Match<P>[] {
    const found: Match<P>[] = [];
    const n = chars.length;
    // [node, position, first step was Latin, last step was Latin]
    const stack: Array<[Node<P>, number, boolean, boolean]> = [];
    const root = this.root;
    for (let i = 0; i < n; i++) {
      // Most characters start no term: skip them without walking.
      const c = chars[i] as string;
      if (!root.next.has(c) && !LOOK_ALIKES[c] && !(root.pinyin.length && latin.test(c))) continue;
      stack.push([root, i, false, false]);
      while (stack.length) {
        const [at, pos, firstLatin, lastLatin] = stack.pop() as [Node<P>, number, boolean, boolean];
        if (pos > i && at.out.length && standsAlone(i, pos, firstLatin, lastLatin))
          for (const payload of at.out) found.push({ from: i, to: pos, payload });
        if (pos >= n) continue;
        const ch = chars[pos] as string;
        const isLatin = latin.test(ch);
        const startLatin = pos === i ? isLatin : firstLatin;
        const direct = at.next.get(ch);
        if (direct) stack.push([direct, pos + 1, startLatin, isLatin]);
        for (const alt of LOOK_ALIKES[ch] ?? []) {
          const child = at.next.get(alt);
          if (child) stack.push([child, pos + 1, startLatin, isLatin]);
        }
        if (isLatin && at.pinyin.length)
          for (const [syllable, child] of at.pinyin) {
            if (pos + syllable.length > n) continue;
            let same = true;
            for (let k = 0; k < syllable.length && same; k++) same = chars[pos + k] === syllable[k];
            if (same) stack.push([child, pos + syllable.length, pos === i ? true : firstLatin, true]);
          }
      }
    }
    return found;
  }
}
