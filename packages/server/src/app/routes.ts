import { isPaidTier } from '@productimage/core';
import { leadsRoutes } from '../commerce/leads/routes.ts';
import { getBenefitPackage } from '../commerce/membership/benefit.ts';
import { membershipRoutes } from '../commerce/membership/routes.ts';
import { paymentsRoutes } from '../commerce/orders/payment-routes.ts';
import { ordersRoutes } from '../commerce/orders/routes.ts';
import { pointsRoutes } from '../commerce/points/routes.ts';
import { usersRoutes } from '../commerce/users/routes.ts';
import { agentChatRoutes } from '../content/agent-chat/routes.ts';
import { complianceRoutes } from '../content/compliance/routes.ts';
import { hotLibraryRoutes } from '../content/hot-library/routes.ts';
import { hotWorkbenchRoutes } from '../content/hot-workbench/routes.ts';
import { insightsRoutes } from '../content/insights/routes.ts';
import { knowledgeRoutes } from '../content/knowledge/routes.ts';
import { kosRoutes } from '../content/kos/routes.ts';
import { PLATFORM_NODES } from '../content/marketing/calendar/platform-nodes.ts';
import { marketingRoutes } from '../content/marketing/routes.ts';
import { notesRoutes } from '../content/notes/routes.ts';
import { reviewRoutes } from '../content/review/routes.ts';
import { rewriteRoutes } from '../content/rewrite/routes.ts';
import { taskListRoutes } from '../content/task-list/routes.ts';
import { themesRoutes } from '../content/task-list/themes/routes.ts';
import { accountsRoutes } from '../identity/accounts/routes.ts';
import { inboxRoutes } from '../identity/inbox/routes.ts';
import { settingsRoutes } from '../identity/settings/routes.ts';
import { tenantsRoutes } from '../identity/tenants/routes.ts';
import { externalRoutes } from '../integrations/external/routes.ts';
import { feishuPluginsRoutes } from '../integrations/feishu-plugins/routes.ts';
import { openApiRoutes } from '../integrations/open-api/routes.ts';
import { operatorInviteCodeRoutes } from '../organisation/admin/invite-code-routes.ts';
import { adminRoutes } from '../organisation/admin/routes.ts';
import { consoleAiPhotoRoutes } from '../organisation/console/ai-photo-routes.ts';
import { consoleRoutes } from '../organisation/console/routes.ts';
import { feedbackRoutes } from '../organisation/feedback/routes.ts';
import { auditLogRoutes } from '../organisation/team/audit-routes.ts';
import { teamRoutes } from '../organisation/team/routes.ts';
import type { AppContext } from '../platform/context.ts';
import { healthRoutes } from '../platform/health/routes.ts';
import type { ApiApp } from '../platform/http/api-app.ts';
import { batchesRoutes } from '../studio/batches/routes.ts';
import { goodsRoutes } from '../studio/goods/routes.ts';
import { modelLibraryRoutes } from '../studio/model-library/routes.ts';
import { aiPhotoRoutes } from '../studio/tasks/ai-photo-routes.ts';
import { tasksRoutes } from '../studio/tasks/routes.ts';
import { templatesRoutes } from '../studio/templates/routes.ts';
import { uploadsRoutes } from '../studio/uploads/routes.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { devRoutes } from './dev/routes.ts';

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
  complianceRoutes,
  reviewRoutes,
  insightsRoutes,
  batchesRoutes,
];
