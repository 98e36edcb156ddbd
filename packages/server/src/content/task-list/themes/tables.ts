import type { Generated } from 'kysely';

/** Themes group topics; topics group content tasks (task-list). */
export interface ThemeTables {
  themes: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    name: string;
    description: string;
    created_at: number;
    updated_at: number;
  };
  theme_topics: {
    id: Generated<number>;
    theme_id: number;
    user_id: string;
    tenant_id: string;
    name: string;
    description: string;
    created_at: number;
    updated_at: number;
  };
}
