import type { Kysely } from 'kysely';
import { rebuildIndex } from '../../content/knowledge/index-store.ts';
import { dialectOf } from '../../platform/db/dialect.ts';

/**
 * SQLite: the knowledge index's terms prefixed by their chunk's dataset (issue 48,
 * index-store.ts `datasetTerm`), so a search walks and ranks its own datasets' rows alone; every
 * chunk is segmented and indexed again (jieba: about 6 s per 10,000 chunks of 640 characters on the
 * shared bench machine). PostgreSQL's index is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') await rebuildIndex(db);
}

/** The terms are left prefixed: the code before this migration would find nothing until it rebuilt the index itself. */
export async function down(): Promise<void> {}
