import { isPaidTier } from '@productimage/core';
import { accountsRoutes } from './accounts/routes.ts';
import { operatorInviteCodeRoutes } from './admin/invite-code-routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { agentChatRoutes } from './agent-chat/routes.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { batchesRoutes } from './batches/routes.ts';
import { consoleAiPhotoRoutes } from './console/ai-photo-routes.ts';
import { consoleRoutes } from './console/routes.ts';
import type { AppContext } from './context.ts';
import { devRoutes } from './dev/routes.ts';
import { aiPhotoRoutes } from './engines/ai-photo/routes.ts';
import { externalRoutes } from './external/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { feishuPluginsRoutes } from './feishu-plugins/routes.ts';
import { goodsRoutes } from './goods/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { hotLibraryRoutes } from './hot-library/routes.ts';
import { hotWorkbenchRoutes } from './hot-workbench/routes.ts';
import type { ApiApp } from './http/api-app.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { insightsRoutes } from './insights/routes.ts';
import { knowledgeRoutes } from './knowledge/routes.ts';
import { kosRoutes } from './kos/routes.ts';
import { leadsRoutes } from './leads/routes.ts';
import { PLATFORM_NODES } from './marketing/calendar/platform-nodes.ts';
import { marketingRoutes } from './marketing/routes.ts';
import { getBenefitPackage } from './membership/benefit.ts';
import { membershipRoutes } from './membership/routes.ts';
import { modelLibraryRoutes } from './model-library/routes.ts';
import { notesRoutes } from './notes/routes.ts';
import { openApiRoutes } from './open-api/routes.ts';
import { paymentsRoutes } from './orders/payment-routes.ts';
import { ordersRoutes } from './orders/routes.ts';
import { pointsRoutes } from './points/routes.ts';
import { reviewRoutes } from './review/routes.ts';
import { rewriteRoutes } from './rewrite/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { taskListRoutes } from './task-list/routes.ts';
import { tasksRoutes } from './tasks/routes.ts';
import { auditLogRoutes } from './team/audit-routes.ts';
import { teamRoutes } from './team/routes.ts';
import { templatesRoutes } from './templates/routes.ts';
import { tenantsRoutes } from './tenants/routes.ts';
import { themesRoutes } from './themes/routes.ts';
import { uploadsRoutes } from './uploads/routes.ts';
import { usersRoutes } from './users/routes.ts';

/**
 * Every domain's routes, registered under /api. A domain exports one
 * `(app, ctx) => Promise<void>` from `<domain>/routes.ts` and adds one line here.
 */
export const domains: Array<(app: ApiApp, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  accountsRoutes,
  usersRoutes,
  devRoutes,
  // The flags answer's vipUser comes from the membership domain (tenants does not import it).
  (app, ctx) =>
    tenantsRoutes(app, ctx, {
      vipUser: async (userId) => isPaidTier((await getBenefitPackage(ctx.db, userId)).product.productType),
    }),
  operatorInviteCodeRoutes,
  uploadsRoutes,
  inboxRoutes,
  feedbackRoutes,
  feishuPluginsRoutes,
  leadsRoutes,
  settingsRoutes,
  externalRoutes,
  pointsRoutes,
  adminRoutes,
  membershipRoutes,
  ordersRoutes,
  paymentsRoutes,
  tasksRoutes,
  knowledgeRoutes,
  taskListRoutes,
  themesRoutes,
  modelLibraryRoutes,
  templatesRoutes,
  hotLibraryRoutes,
  goodsRoutes,
  notesRoutes,
  openApiRoutes,
  marketingRoutes,
  availabilityRoutes,
  aiPhotoRoutes,
  consoleAiPhotoRoutes,
  rewriteRoutes,
  auditLogRoutes,
  teamRoutes,
  // The console shows the calendar's built-in platform nodes until operators save their own list.
  (app, ctx) => consoleRoutes(app, ctx, { builtInNodes: PLATFORM_NODES }),
  agentChatRoutes,
  hotWorkbenchRoutes,
  kosRoutes,
  reviewRoutes,
  insightsRoutes,
  batchesRoutes,
];
