import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { hotspotsRoutes } from './hotspots/routes.ts';
import { ideasRoutes } from './ideas/routes.ts';
import { marketingPlanRoutes } from './plan/routes.ts';
import { textEngineAdminRoutes, writerRoutes } from './writer/routes.ts';

/**
 * The marketing room's routes, one file per sub-domain (docs/marketing.md). The order is the
 * OpenAPI document's: registering in another order would reorder the generated client types.
 */
export async function marketingRoutes(app: ApiApp, ctx: AppContext) {
  await calendarRoutes(app, ctx);
  await writerRoutes(app, ctx);
  await hotspotsRoutes(app, ctx);
  await ideasRoutes(app, ctx);
  await contentRoutes(app, ctx);
  // Operators: the active text engine, its health and the switch.
  await textEngineAdminRoutes(app, ctx);
  // Recommendations, hotspot marketing, the publishing plan, hot-item publishers.
  await marketingPlanRoutes(app, ctx);
}
