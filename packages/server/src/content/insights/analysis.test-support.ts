import type { ManagementFixture } from '../../organisation/team/management-routes.test-support.ts';

/**
 * A saved product analysis of the fixture tenant's owner, for the role matrix
 * (team/role-matrix.test.ts via management-routes.ts): the matrix harness has no chat engine, so no
 * route can make one there; the row is written as the insights service would. Test fixture only.
 */
export async function savedAnalysis(fx: ManagementFixture): Promise<string> {
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
