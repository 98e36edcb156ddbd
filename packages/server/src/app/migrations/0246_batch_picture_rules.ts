import type { Kysely } from 'kysely';
import { SEED_PRESETS } from '../../studio/batches/preset-seed.ts';

/** The rules a seeded preset gained with the picture checks (issue 46), in their seeded state. */
const ADDED = ['noText', 'noBorder', 'oneProduct'] as const;

/**
 * The picture checks (issue 46): each seeded marketplace preset gets its text, border and
 * one-product rules as seeded, unless an operator already set them. Presets operators created
 * keep them off (the server reads a missing rule as off).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const seed of SEED_PRESETS) {
    const row = await db.selectFrom('batch_presets').select('rules').where('name', '=', seed.name).executeTakeFirst();
    if (!row) continue;
    const rules = JSON.parse(row.rules as string) as Record<string, unknown>;
    if (ADDED.every((key) => key in rules)) continue;
    for (const key of ADDED) if (!(key in rules)) rules[key] = seed.rules[key];
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
    for (const key of ADDED) delete rules[key];
    await db
      .updateTable('batch_presets')
      .set({ rules: JSON.stringify(rules) })
      .where('name', '=', row.name as string)
      .execute();
  }
}
