import type { Kysely } from 'kysely';

/**
 * Content results (issue 31): the user's own edit of a post's title and text (null = as written),
 * the pictures the user deleted (ids, JSON list), and how the running task was started
 * (`re_generating` / `continue_generating`, null for the first writing).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('edited_title', 'text').execute();
  await db.schema.alterTable('content_items').addColumn('edited_content', 'text').execute();
  await db.schema
    .alterTable('content_items')
    .addColumn('removed_images', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('content_items').addColumn('gen_mode', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['gen_mode', 'removed_images', 'edited_content', 'edited_title'])
    await db.schema.alterTable('content_items').dropColumn(column).execute();
}
