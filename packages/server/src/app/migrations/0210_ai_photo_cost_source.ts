import type { Kysely } from 'kysely';

/**
 * Where each AI-photography run's provider cost comes from (engines/ai-photo/tables.ts):
 * `reported` (the provider billed it in its answer: FASHN's credits), `route` (the operator's unit
 * cost in the routing table), `published` (the provider's published price: DashScope's price table,
 * fal's pricing API), or null (no price known).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ai_photo_runs').addColumn('cost_source', 'text').execute();
  // Runs recorded before: FASHN's credits were reported, DashScope's from its published prices; fal's
  // cost could only be the route's unit cost.
  await db
    .updateTable('ai_photo_runs')
    .set({ cost_source: 'reported' })
    .where('provider', '=', 'fashn')
    .where('cost', 'is not', null)
    .execute();
  await db
    .updateTable('ai_photo_runs')
    .set({ cost_source: 'published' })
    .where('provider', '=', 'dashscope')
    .where('cost', 'is not', null)
    .execute();
  await db
    .updateTable('ai_photo_runs')
    .set({ cost_source: 'route' })
    .where('provider', '=', 'fal')
    .where('cost', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ai_photo_runs').dropColumn('cost_source').execute();
}
