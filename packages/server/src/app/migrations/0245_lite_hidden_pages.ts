import type { Kysely } from 'kysely';

/**
 * The lite tenant hides the idea and content tools (spec 000 §6); the pages added since that lead
 * straight into them are hidden with them (issue 47): today's recommendations and the hotspot
 * matches open the idea form, the publishing plan and /modi-content are the content tool's, and
 * /mott opens the recommendations.
 */
const ADDED = ['/mott', '/mott-recommend', '/marketing-hotspot', '/content-publishing', '/modi-content'];

async function change(db: Kysely<any>, edit: (routes: string[]) => string[]): Promise<void> {
  const row = await db.selectFrom('tenants').select(['flags']).where('id', '=', 'lite').executeTakeFirst();
  if (!row) return;
  const flags = JSON.parse(row.flags as string) as { hiddenRoutes?: string[] };
  flags.hiddenRoutes = edit(flags.hiddenRoutes ?? []);
  await db
    .updateTable('tenants')
    .set({ flags: JSON.stringify(flags) })
    .where('id', '=', 'lite')
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await change(db, (routes) => [...routes, ...ADDED.filter((r) => !routes.includes(r))]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await change(db, (routes) => routes.filter((r) => !ADDED.includes(r)));
}
