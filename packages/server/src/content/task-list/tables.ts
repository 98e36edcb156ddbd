import type { Generated } from 'kysely';

/** Content production tasks (/modi-task-list). */
export interface TaskListTables {
  production_tasks: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    title: string;
    description: string;
    /** Who does it (a name the team uses). */
    owner: string;
    /** YYYY/MM/DD, or empty. */
    due_date: string;
    /** JSON array of platforms. */
    platforms: string;
    /** JSON array of linked note ids. */
    note_ids: string;
    /** JSON array of linked content ids (marketing content). */
    content_ids: string;
    theme_id: number | null;
    topic_id: number | null;
    /** NEW, RUNNING, SUCCESS or TIMEOUT (spec 001 §3 task statuses). */
    status: string;
    created_at: number;
    updated_at: number;
  };
}
