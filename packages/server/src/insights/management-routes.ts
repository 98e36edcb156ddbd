import type { ManagementFixture, ManagementRoute } from '../team/management-routes.ts';

async function analysis(fx: ManagementFixture) {
  const row = await fx.ctx.db
    .insertInto('insight_analyses')
    .values({
      tenant_id: fx.tenantId,
      user_id: fx.ownerId,
      kind: 'product',
      title: '保温杯评价',
      entries: JSON.stringify(['保温效果很好', '盖子漏水']),
      entry_count: 2,
      result: JSON.stringify({
        summary: '',
        sentiments: ['positive', 'negative'],
        themes: [],
        sellingPoints: [],
        complaints: [],
      }),
      model: 'test',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

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
    request: async (fx) => ({ url: `/api/insights/analyses/${await analysis(fx)}` }),
  },
];
