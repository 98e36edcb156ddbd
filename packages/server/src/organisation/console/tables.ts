import type { Generated } from 'kysely';

/**
 * Follow-up status of leads, consultant requests and feedback (the console's work list). The lead
 * and feedback rows stay their domains'; the console keeps who handled them and how far they got.
 */
export interface ConsoleTables {
  console_followups: {
    /** 'lead' (lead and consultant forms) or 'feedback'. */
    kind: string;
    ref_id: string;
    tenant_id: string;
    /** new, contacted, done, closed. */
    status: string;
    note: string | null;
    updated_by: string;
    updated_at: number;
  };
  /** The marketing calendar's platform nodes as edited in the console (none: the built-in list). */
  platform_nodes: {
    id: Generated<number>;
    name: string;
    name_en: string;
    month: number;
    day: number;
    /** 1: month/day are lunar. */
    lunar: number;
    desc_zh: string;
    desc_en: string;
    updated_at: number;
  };
}
