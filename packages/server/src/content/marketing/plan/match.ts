import { keywords } from '../hotspots/words.ts';

/** A product of the user's library as the matchers read it. */
export interface MatchProduct {
  goodsId: string;
  name: string;
  intro: string;
  sellingPoints: string[];
  productInfo: string;
}

/** A KOS persona as the matchers read it. */
export interface MatchPersona {
  personaId: string;
  name: string;
  audience: string;
  tone: string;
}

const CJK = /[\u4e00-\u9fff]/;

/** The words of a text: its TF-IDF keywords plus, for Chinese, every two-character run. */
export function termsOf(text: string): Set<string> {
  const terms = new Set(keywords(text, 20).map((k) => k.keyword.toLowerCase()));
  const chars = [...text];
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = `${chars[i]}${chars[i + 1]}`;
    if (CJK.test(chars[i] as string) && CJK.test(chars[i + 1] as string)) terms.add(pair);
  }
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9]{2,}/g) ?? []) terms.add(word);
  return terms;
}

/** The words two texts share, longest first (a shared keyword covers the pairs inside it). */
export function sharedTerms(a: Set<string>, b: Set<string>): string[] {
  const shared = [...a].filter((t) => b.has(t)).sort((x, y) => y.length - x.length);
  return shared.filter((t, i) => !shared.slice(0, i).some((longer) => longer.includes(t))).slice(0, 5);
}

export const productText = (p: MatchProduct) => [p.name, p.intro, ...p.sellingPoints].join(' ');

/** How well a topic fits a product: 0..1 from the shared words (a keyword counts more than a pair). */
export function fitOf(shared: string[]): number {
  const points = shared.reduce((n, t) => n + (t.length > 2 ? 1 : 0.5), 0);
  return Math.min(1, points / 3);
}

/** The selling point that shares most words with the topic (else the first one, else the intro). */
export function bestPoint(product: MatchProduct, topic: Set<string>): string {
  let best = product.sellingPoints[0] ?? product.intro.slice(0, 30);
  let most = 0;
  for (const point of product.sellingPoints) {
    const n = sharedTerms(termsOf(point), topic).length;
    if (n > most) {
      most = n;
      best = point;
    }
  }
  return best;
}

export const ANGLE_KINDS = ['borrow', 'scene', 'question', 'audience'] as const;
export type AngleKind = (typeof ANGLE_KINDS)[number];

/** The angles a hot item offers a product: what to say, built from the item, the product and a persona. */
export function anglesFor(
  topic: string,
  product: MatchProduct,
  persona: MatchPersona | null,
): Array<{ kind: AngleKind; params: Record<string, string> }> {
  const point = bestPoint(product, termsOf(topic));
  const angles: Array<{ kind: AngleKind; params: Record<string, string> }> = [
    { kind: 'borrow', params: { topic, product: product.name, point } },
    { kind: 'scene', params: { topic, product: product.name } },
    { kind: 'question', params: { topic, product: product.name, point } },
  ];
  if (persona?.audience)
    angles.push({
      kind: 'audience',
      params: { topic, product: product.name, persona: persona.name, audience: persona.audience },
    });
  return angles;
}
