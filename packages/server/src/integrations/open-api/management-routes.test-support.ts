import type { ManagementRoute } from '../../organisation/team/management-routes.test-support.ts';
import { createApiKey } from './keys.ts';

/** The open API's team-key routes, as the role matrix (team/role-matrix.test.ts) tries them. */
export const openApiManagementRoutes: ManagementRoute[] = [
  {
    method: 'GET',
    route: '/api/team/api-keys',
    permission: 'manageApiKeys',
    scope: 'tenant',
    request: async () => ({ url: '/api/team/api-keys' }),
  },
  {
    method: 'DELETE',
    route: '/api/team/api-keys/:keyId',
    permission: 'manageApiKeys',
    scope: 'target',
    request: async (fx) => {
      const { keyId } = await createApiKey(
        fx.ctx.db,
        { id: fx.ownerId, tenantId: fx.tenantId },
        { name: 'team', scopes: ['read'], team: true },
      );
      return { url: `/api/team/api-keys/${keyId}` };
    },
  },
];
