import { z } from 'zod';
import { benefitPackageSchema } from '../../commerce/membership/schemas.ts';
import { userInfoSchema } from '../accounts/schemas.ts';

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
