import type { Kysely } from 'kysely';
import { SEED_PRESETS } from '../../studio/batches/preset-seed.ts';

/**
 * The contact-shadow rule (issue 41): each seeded marketplace preset gets it as seeded (Amazon allows
 * a soft contact shadow, the Chinese white-background images none), unless an operator already set
 * it. Presets operators created keep it off (the server reads a missing rule as off).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const seed of SEED_PRESETS) {
    const row = await db.selectFrom('batch_presets').select('rules').where('name', '=', seed.name).executeTakeFirst();
    if (!row) continue;
    const rules = JSON.parse(row.rules as string) as Record<string, unknown>;
    if ('contactShadow' in rules) continue;
    rules.contactShadow = seed.rules.contactShadow;
    await db
      .updateTable('batch_presets')
      .set({ rules: JSON.stringify(rules) })
      .where('name', '=', seed.name)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const rows = await db.selectFrom('batch_presets').select(['name', 'rules']).execute();
  for (const row of rows) {
    const rules = JSON.parse(row.rules as string) as Record<string, unknown>;
    delete rules.contactShadow;
    await db
      .updateTable('batch_presets')
      .set({ rules: JSON.stringify(rules) })
      .where('name', '=', row.name as string)
      .execute();
  }
}
