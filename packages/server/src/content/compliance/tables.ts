import type { Generated } from 'kysely';

export interface ComplianceTables {
  /** A tenant's own banned words, checked with the built-in sets (operators keep them in the console). */
  compliance_words: {
    id: Generated<number>;
    tenant_id: string;
    word: string;
    /** 'warn' | 'block' */
    level: string;
    /** A safe replacement offered with the hit ('' for none). */
    suggestion: string;
    /** 0: kept in the list but not checked. */
    enabled: number;
    created_by: string;
    created_at: number;
  };
}
