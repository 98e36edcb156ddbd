import type { Kysely } from 'kysely';

/**
 * The provider's own pictures of a garment-locked AI-photography run (engines/ai-photo/tables.ts
 * `originals`): a JSON array, one `/files/<key>` URL or null per output, so the result page can
 * toggle between the locked picture and what the provider made (issue 29).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ai_photo_runs').addColumn('originals', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ai_photo_runs').dropColumn('originals').execute();
}
