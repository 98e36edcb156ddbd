import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/routes.ts';
import type { AppContext } from './context.ts';
import { devRoutes } from './dev/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { usersRoutes } from './users/routes.ts';

/**
 * Every domain's routes, registered under /api. A domain exports one
 * `(app, ctx) => Promise<void>` from `<domain>/routes.ts` and adds one line here.
 */
export const domains: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  accountsRoutes,
  usersRoutes,
  devRoutes,
];
