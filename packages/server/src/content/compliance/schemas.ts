import { z } from 'zod';
import { COMPLIANCE_CATEGORIES, COMPLIANCE_PLATFORMS, RULE_IDS } from './rules.ts';

/** One hit of the compliance engine (API.md "Compliance"): offsets are UTF-16, end exclusive. */
export const complianceHitSchema = z
  .object({
    start: z.number(),
    end: z.number(),
    text: z.string(),
    rule: z.enum(RULE_IDS),
    level: z.enum(['warn', 'block']),
    reason: z.string(),
    suggestion: z.string().optional(),
  })
  .meta({ id: 'ComplianceHit' });

/** The verdict every generated text view carries, computed on what is shown. */
export const complianceSchema = z
  .object({ level: z.enum(['ok', 'warn', 'block']), hits: z.array(complianceHitSchema) })
  .meta({ id: 'Compliance' });

export const compliancePlatformSchema = z.enum(COMPLIANCE_PLATFORMS);
export const complianceCategorySchema = z.enum(COMPLIANCE_CATEGORIES);

export const complianceCheckBody = z.object({
  text: z.string().max(20_000),
  platform: compliancePlatformSchema.optional(),
  category: complianceCategorySchema.optional(),
});

export const tenantWordSchema = z
  .object({
    id: z.number(),
    word: z.string(),
    level: z.enum(['warn', 'block']),
    suggestion: z.string(),
    enabled: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: 'ComplianceWord' });
