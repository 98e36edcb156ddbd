import type { ManagementFixture, ManagementRoute } from '../../organisation/team/management-routes.test-support.ts';
import { createItem, transitionItem } from './service.ts';

/** An item of the fixture tenant's owner, moved to `status` through the real transitions. */
async function ownerItem(fx: ManagementFixture, status: 'in_review' | 'approved') {
  const owner = { userId: fx.ownerId, tenantId: fx.tenantId, role: 'owner' as const };
  const itemId = await createItem(fx.ctx, owner, { kind: 'idea', title: '冬季保温杯创意', body: '正文', accountId: null });
  await transitionItem(fx.ctx, owner, Number(itemId), 'submit', '');
  if (status === 'approved') await transitionItem(fx.ctx, owner, Number(itemId), 'approve', '');
  return itemId;
}

/**
 * Review decisions for the role matrix test. Creating, editing, submitting, withdrawing, deleting
 * and commenting on one's own items are self-service (every member, on their own items).
 */
export const reviewManagementRoutes: ManagementRoute[] = [
  {
    method: 'POST',
    route: '/api/review/items/:itemId/approve',
    permission: 'reviewContent',
    scope: 'target',
    request: async (fx) => ({ url: `/api/review/items/${await ownerItem(fx, 'in_review')}/approve`, body: { comment: '可以' } }),
  },
  {
    method: 'POST',
    route: '/api/review/items/:itemId/reject',
    permission: 'reviewContent',
    scope: 'target',
    request: async (fx) => ({
      url: `/api/review/items/${await ownerItem(fx, 'in_review')}/reject`,
      body: { comment: '标题再改改' },
    }),
  },
  {
    method: 'POST',
    route: '/api/review/items/:itemId/publish',
    permission: 'reviewContent',
    scope: 'target',
    request: async (fx) => ({ url: `/api/review/items/${await ownerItem(fx, 'approved')}/publish`, body: {} }),
  },
];

/** Review routes every member uses on their own items (not role-gated beyond membership). */
export const REVIEW_SELF_SERVICE = [
  'POST /api/review/items',
  'PUT /api/review/items/{itemId}',
  'DELETE /api/review/items/{itemId}',
  'POST /api/review/items/{itemId}/submit',
  'POST /api/review/items/{itemId}/withdraw',
  'POST /api/review/items/{itemId}/comments',
];
