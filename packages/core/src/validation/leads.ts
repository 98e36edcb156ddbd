import { z } from 'zod';
import { EMAIL_PATTERN, LEAD_DESCRIPTION_MAX, LEAD_FIELD_MAX, PHONE_PATTERN } from '../constants/limits.ts';

/** Lead and consultant forms (spec 000 §5): name and company required, texts <= 30, description <= 100. */
const field = (requiredKey?: string) => {
  const base = z.string().trim().max(LEAD_FIELD_MAX, { error: 'validation:maxLength30' });
  return requiredKey ? base.min(1, { error: requiredKey }) : base.optional().default('');
};

export const LEAD_TYPES = ['HOT', 'MODI', 'consultant', 'custom_model'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const leadSchema = z
  .object({
    type: z.enum(LEAD_TYPES),
    name: field('validation:nameRequired'),
    companyName: field('validation:companyRequired'),
    phone: z.string().trim().max(LEAD_FIELD_MAX, { error: 'validation:maxLength30' }).optional().default(''),
    address: field(),
    email: field(),
    description: z.string().trim().max(LEAD_DESCRIPTION_MAX, { error: 'validation:maxLength100' }).optional().default(''),
    webSource: z.string().trim().max(200).optional().default(''),
    /** The referrer of the visit (tenant of an anonymous lead). */
    referrer: z.string().trim().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    // Forms send a dash for fields they do not show.
    if (v.email && v.email !== '-' && !EMAIL_PATTERN.test(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation:emailInvalid' });
    }
    // HOT hides the phone; MODI, the desktop custom-model form and the consultant form need it.
    if (v.type === 'HOT') return;
    if (!v.phone || v.phone === '-') {
      if (v.type === 'consultant') return;
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation:phoneRequired' });
    } else if (!PHONE_PATTERN.test(v.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation:phoneInvalid' });
    }
  });
export type LeadInput = z.input<typeof leadSchema>;
