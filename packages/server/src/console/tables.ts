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
}
