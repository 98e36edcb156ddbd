import type { Kysely } from 'kysely';

/**
 * A batch item's cut choices (issue 44): `regions` what a cut of its picture keeps or leaves out
 * beside the product (found when the item ends; null before, or for recipes that do not cut), and
 * `choices` the keep/drop points its run honours (set by a redo with choices).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('batch_items').addColumn('regions', 'text').execute();
  await db.schema.alterTable('batch_items').addColumn('choices', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('batch_items').dropColumn('choices').execute();
  await db.schema.alterTable('batch_items').dropColumn('regions').execute();
}
