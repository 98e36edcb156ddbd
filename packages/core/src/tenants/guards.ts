/**
 * What a hidden route closes on the server (issue 47, "hidden means hidden"). A tenant's
 * `hiddenRoutes` hide pages in every client; the server answers 403 `forbidden` to the calls behind
 * them, so a hidden tool cannot be reached by typing its API either. One table here, read by the
 * server's guard (organisation/tenants/route-guard.ts) and the task platform (business types).
 */
import { isRouteHidden } from './flags.ts';

/** An API call a page makes: a path prefix under /api (whole segments), optionally one query value. */
export interface ApiGuard {
  path: string;
  query?: { name: string; value: string };
}

/** The API calls only the page at this route makes (its sub-paths included). */
export const ROUTE_API_GUARDS: Readonly<Record<string, readonly ApiGuard[]>> = {
  '/mott-idea': [{ path: '/api/ideas' }],
  '/mott-content': [{ path: '/api/content' }],
  '/mott-recommend': [{ path: '/api/marketing/recommendations' }],
  '/marketing-hotspot': [{ path: '/api/marketing/hotspot-matches' }],
  '/hotspot-publisher': [{ path: '/api/marketing/hotspot-publishers' }],
  '/content-publishing': [{ path: '/api/publishing' }],
  '/mott-agent': [{ path: '/api/agent' }],
  '/ai-mixed-cutting': [{ path: '/api/external/video-url', query: { name: 'type', value: '0' } }],
  '/ai-mixed-muse': [{ path: '/api/external/video-url', query: { name: 'type', value: '5' } }],
  '/ai-mixed-muse-recommend': [{ path: '/api/external/video-url', query: { name: 'type', value: '10' } }],
};

/**
 * The tool pages that make each picture business type. A type is closed when every page that makes
 * it is hidden (hiding /ai-video, which the spec shows disabled, keeps /ai-video-single's videos).
 * The web app's route table carries the same pairs (a web test keeps them equal).
 */
export const BIZ_TYPE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  MANNEQUIN_IMAGE: ['/human-figure-image'],
  MODEL_IMAGE_NEW: ['/model-photo-new'],
  PRODUCT_IMAGE: ['/ai-product-image'],
  WIG_IMAGE: ['/wig-image'],
  SHOES_IMAGE: ['/shoes-image'],
  MATTING_IMAGE: ['/ai-cutout'],
  CUSTOMIZED_MODEL: ['/customized-models', '/customized-publicity'],
  PET_IMAGE_CUSTOMIZED: ['/customized-animal'],
  PRODUCT_REPLACE_IMAGE: ['/product-bg', '/rewrite-background', '/batch-copy-bg'],
  TRY_ON: ['/tryon'],
  QR_CODE_ART: ['/ai-qr-code'],
  IMG_2_VEDIO: ['/ai-video', '/ai-video-single'],
};

type Hidden = Parameters<typeof isRouteHidden>[0];

const underPath = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * The hidden route that closes this API call, or null. `url` is the request's path and query as
 * sent (`/api/ideas/reports?x=1`); paths compare case-insensitively.
 */
export function hiddenRouteOfApiCall(flags: Hidden, url: string): string | null {
  if (flags.hiddenRoutes.length === 0) return null;
  const [rawPath = '', rawQuery = ''] = url.split('?', 2);
  const path = rawPath.toLowerCase().replace(/\/+$/, '');
  const query = new URLSearchParams(rawQuery);
  for (const [route, guards] of Object.entries(ROUTE_API_GUARDS)) {
    if (!isRouteHidden(flags, route)) continue;
    for (const guard of guards) {
      if (!underPath(path, guard.path)) continue;
      if (!guard.query || query.get(guard.query.name) === guard.query.value) return route;
    }
  }
  return null;
}

/** Whether every page that makes this business type is hidden (types without a page stay open). */
export function isBizTypeHidden(flags: Hidden, bizType: string): boolean {
  const routes = BIZ_TYPE_ROUTES[bizType];
  return !!routes && routes.length > 0 && routes.every((route) => isRouteHidden(flags, route));
}
