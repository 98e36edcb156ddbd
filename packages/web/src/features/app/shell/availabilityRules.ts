import type { ApiData } from '@productimage/core';
import type { RouteDef } from '../../../app/routes.ts';

/**
 * What this deployment can run (GET /api/availability): the business types the configured engines
 * make, and the external video tools whose link is configured (0, 5, 10).
 */
export type Availability = ApiData<'get', '/api/availability'>;

/**
 * Why a route's tool cannot be used here, if it cannot: its page is not built yet, no configured
 * engine makes its business type, or its external link is not configured. One rule for menus, the
 * side bar, the mobile switcher, home and the page itself, so they never disagree.
 */
export type Unavailable = 'notBuilt' | 'engine' | 'external';

export function unavailableReason(route: RouteDef, availability: Availability | undefined): Unavailable | null {
  if (route.notBuilt) return 'notBuilt';
  // Until the server answers nothing is marked (the shell waits for the answer before menus show).
  if (!availability) return null;
  if (route.bizType && !availability.bizTypes.includes(route.bizType)) return 'engine';
  if (route.externalType !== undefined && !availability.external.includes(route.externalType)) return 'external';
  return null;
}
