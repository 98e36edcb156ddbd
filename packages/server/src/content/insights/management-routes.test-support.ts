import type { ManagementRoute } from '../../organisation/team/management-routes.test-support.ts';
import { savedAnalysis } from './analysis.test-support.ts';

/**
 * Insight routes for the role matrix test. POST /api/insights/analyses: without a chat engine (the
 * matrix harness has none) allowed roles get 503 chatEngineNotConfigured, others 403.
 */
export const insightsManagementRoutes: ManagementRoute[] = [
  {
    method: 'POST',
    route: '/api/insights/analyses',
    permission: 'useInsights',
    scope: 'tenant',
    allowedStatus: 503,
    request: async () => ({
      url: '/api/insights/analyses',
      body: { kind: 'product', title: '评价', entries: ['保温效果很好', '盖子漏水'] },
    }),
  },
  {
    method: 'POST',
    route: '/api/insights/entries',
    permission: 'useInsights',
    scope: 'tenant',
    request: async () => ({ url: '/api/insights/entries', body: { text: '保温效果很好\n盖子漏水' } }),
  },
  {
    method: 'DELETE',
    route: '/api/insights/analyses/:analysisId',
    permission: 'useInsights',
    scope: 'target',
    request: async (fx) => ({ url: `/api/insights/analyses/${await savedAnalysis(fx)}` }),
  },
];
