import { DAY_MS, HOTSPOT_PLATFORMS, type HotspotPlatform, type Language } from '@productimage/core';
import { savedPlatformNodes } from '../../../organisation/console/platform-nodes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { listGoods } from '../../../studio/goods/service.ts';
import { listPersonas } from '../../kos/service.ts';
import { calendarMonth } from '../calendar/calendar.ts';
import { cstDay } from '../hotspots/authors.ts';
import type { HotspotView } from '../hotspots/schemas.ts';
import { listHotspots, storedHotspots } from '../hotspots/service.ts';
import {
  type AngleKind,
  anglesFor,
  fitOf,
  type MatchPersona,
  type MatchProduct,
  productText,
  sharedTerms,
  termsOf,
} from './match.ts';

type User = { id: string; tenantId: string };
/** How far ahead calendar nodes are recommended. */
export const CALENDAR_HORIZON_DAYS = 30;
/** How long recommendations wait for the hot-list feed before using the rows held now. */
const FEED_WAIT_MS = 2_500;

/** What recommendations and hotspot marketing read: hot items, products, personas. */
async function sources(ctx: AppContext, user: User, lang: Language) {
  // A slow or unreachable feed does not hold the page: after FEED_WAIT_MS the rows held now are
  // used (the refresh goes on in the background and the next visit has it).
  const lists = await Promise.all(
    HOTSPOT_PLATFORMS.map(async (platform: HotspotPlatform) => {
      const fresh = listHotspots(ctx, user, platform, { pageNum: 1, pageSize: 30 }, lang).catch(() => null);
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), FEED_WAIT_MS).unref());
      const first = await Promise.race([fresh, late]);
      return first === 'late' ? { list: await storedHotspots(ctx, user, platform, 30), feedError: null } : first;
    }),
  );
  const hot: Array<HotspotView & { rank: number }> = [];
  for (const list of lists) for (const [rank, item] of (list?.list ?? []).entries()) hot.push({ ...item, rank });
  const feedError = lists.find((l) => l?.feedError)?.feedError ?? null;
  const products: MatchProduct[] = (await listGoods(ctx, user, '')).slice(0, 50);
  const personas: MatchPersona[] = (await listPersonas(ctx, { userId: user.id, tenantId: user.tenantId })).slice(0, 20);
  return { hot, products, personas, feedError };
}

interface Fit {
  product: MatchProduct;
  persona: MatchPersona | null;
  shared: string[];
  fit: number;
}

/** The product (and persona) a topic fits best. */
function bestFit(
  topic: string,
  products: MatchProduct[],
  personas: MatchPersona[],
  productTerms: Map<string, Set<string>>,
): Fit | null {
  const terms = termsOf(topic);
  let best: Fit | null = null;
  for (const product of products) {
    const shared = sharedTerms(terms, productTerms.get(product.goodsId) ?? new Set());
    const fit = fitOf(shared);
    if (!best || fit > best.fit) best = { product, persona: null, shared, fit };
  }
  if (best) {
    // The persona whose audience shares most with the topic and the product, else the first.
    const target = new Set([...terms, ...(productTerms.get(best.product.goodsId) ?? [])]);
    let most = -1;
    for (const persona of personas) {
      const n = sharedTerms(termsOf(`${persona.audience} ${persona.tone}`), target).length;
      if (n > most) {
        most = n;
        best.persona = persona;
      }
    }
  }
  return best;
}

export interface Recommendation {
  key: string;
  kind: 'hotspot' | 'calendar';
  title: string;
  score: number;
  platform: string | null;
  hot: string | null;
  hotspotId: string | null;
  calendarDay: string | null;
  daysUntil: number | null;
  goodsId: string | null;
  productName: string | null;
  productInfo: string | null;
  personaName: string | null;
  sharedWords: string[];
  angle: { kind: AngleKind; params: Record<string, string> } | null;
}

/**
 * Today's ideas, best first: hot items (higher on their list and closer to a product score more)
 * and calendar nodes of the next 30 days (sooner and closer to a product score more), each with
 * the product and persona it fits and an angle to start from. Scores are 0..100.
 */
export async function recommendations(ctx: AppContext, user: User, lang: Language, now = Date.now()) {
  const { hot, products, personas, feedError } = await sources(ctx, user, lang);
  const productTerms = new Map(products.map((p) => [p.goodsId, termsOf(productText(p))]));
  const list: Recommendation[] = [];
  const withFit = (topic: string) => {
    const fit = bestFit(topic, products, personas, productTerms);
    return {
      fit,
      fields: {
        goodsId: fit?.product.goodsId ?? null,
        productName: fit?.product.name ?? null,
        productInfo: fit?.product.productInfo ?? null,
        personaName: fit?.persona?.name ?? null,
        sharedWords: fit?.shared ?? [],
        angle: fit ? (anglesFor(topic, fit.product, fit.persona)[fit.persona?.audience ? 3 : 0] ?? null) : null,
      },
    };
  };
  for (const item of hot) {
    const { fit, fields } = withFit(`${item.title} ${item.desc ?? ''}`);
    const heat = 40 * (1 - Math.min(item.rank, 30) / 30);
    list.push({
      key: `hot:${item.id}`,
      kind: 'hotspot',
      title: item.title,
      score: Math.round(20 + heat + 40 * (fit?.fit ?? 0)),
      platform: item.platform,
      hot: item.hot,
      hotspotId: item.id,
      calendarDay: null,
      daysUntil: null,
      ...fields,
    });
  }
  const today = cstDay(now);
  const nodes = await savedPlatformNodes(ctx.db);
  const start = new Date(`${today.replaceAll('/', '-')}T00:00:00Z`);
  for (let m = 0; m < 2; m++) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    for (const day of calendarMonth({
      year: month.getUTCFullYear(),
      month: month.getUTCMonth() + 1,
      lang,
      showActivityDesc: true,
      nodes,
    })) {
      const daysUntil = Math.round((Date.parse(`${day.day.replaceAll('/', '-')}T00:00:00Z`) - start.getTime()) / DAY_MS);
      if (daysUntil < 0 || daysUntil > CALENDAR_HORIZON_DAYS) continue;
      const names = day.entries.map((e) => e.name).join(' / ');
      const { fit, fields } = withFit(`${names} ${day.entries.map((e) => e.desc ?? '').join(' ')}`);
      // A node is worth preparing about a week ahead: nearer nodes score more, today's most.
      const soon = 40 * (1 - daysUntil / CALENDAR_HORIZON_DAYS);
      const weight = day.entries.some((e) => e.type === 'platform_node' || e.holiday === 'off') ? 10 : 0;
      list.push({
        key: `day:${day.day}`,
        kind: 'calendar',
        title: names,
        score: Math.round(15 + soon + weight + 35 * (fit?.fit ?? 0)),
        platform: null,
        hot: null,
        hotspotId: null,
        calendarDay: day.day,
        daysUntil,
        ...fields,
      });
    }
  }
  list.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return { today, list: list.slice(0, 24), products: products.length, personas: personas.length, feedError };
}

/**
 * Hotspot marketing: hot items with the product each fits best, and for the chosen one every
 * product ranked by fit with its shared words and angles.
 */
export async function hotspotMatches(ctx: AppContext, user: User, lang: Language, hotspotId: string | null) {
  const { hot, products, personas, feedError } = await sources(ctx, user, lang);
  const productTerms = new Map(products.map((p) => [p.goodsId, termsOf(productText(p))]));
  const items = hot.map((item) => {
    const fit = bestFit(`${item.title} ${item.desc ?? ''}`, products, personas, productTerms);
    return { hotspot: item, fit: Math.round((fit?.fit ?? 0) * 100), productName: fit?.product.name ?? null };
  });
  items.sort((a, b) => b.fit - a.fit || a.hotspot.rank - b.hotspot.rank);
  const chosen = hotspotId ? hot.find((h) => h.id === hotspotId) : undefined;
  let selected = null;
  if (chosen) {
    const topic = `${chosen.title} ${chosen.desc ?? ''}`;
    const terms = termsOf(topic);
    const persona = bestFit(topic, products, personas, productTerms)?.persona ?? personas[0] ?? null;
    selected = {
      hotspot: chosen,
      matches: products
        .map((product) => {
          const shared = sharedTerms(terms, productTerms.get(product.goodsId) ?? new Set());
          return {
            goodsId: product.goodsId,
            productName: product.name,
            productInfo: product.productInfo,
            fit: Math.round(fitOf(shared) * 100),
            sharedWords: shared,
            angles: anglesFor(chosen.title, product, persona),
          };
        })
        .sort((a, b) => b.fit - a.fit)
        .slice(0, 10),
      personaName: persona?.name ?? null,
    };
  }
  return {
    list: items.slice(0, 60).map(({ hotspot: { rank: _rank, ...hotspot }, ...rest }) => ({ hotspot, ...rest })),
    selected: selected && { ...selected, hotspot: (({ rank: _rank, ...h }) => h)(selected.hotspot) },
    products: products.length,
    personas: personas.length,
    feedError,
  };
}
