import type { Generated } from 'kysely';

/** Lead and consultant form submissions (spec 000 §3), kept per tenant for its operators. */
export interface LeadTables {
  leads: {
    id: Generated<number>;
    tenant_id: string;
    referrer: string | null;
    user_id: string | null;
    type: string;
    name: string;
    company_name: string;
    phone: string;
    address: string;
    email: string;
    description: string;
    web_source: string;
    ip: string;
    created_at: number;
  };
}
