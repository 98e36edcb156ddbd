import { z } from 'zod';
import { userInfoSchema } from '../../identity/accounts/schemas.ts';
import { benefitPackageSchema } from '../membership/schemas.ts';

/** GET /api/user/current: the user, the benefit package and the feature flags that follow from it. */
export const currentUserSchema = z
  .object({
    user: userInfoSchema,
    benefitPackage: benefitPackageSchema,
    vipUser: z.boolean(),
    premiumVipUser: z.boolean(),
    professionalOrFlagship: z.boolean(),
    hotspotTrial: z.boolean(),
    chatAllow: z.boolean(),
    recommended: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
