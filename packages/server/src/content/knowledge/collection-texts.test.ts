import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { up } from '../../app/migrations/0182_knowledge_collection_texts.ts';
import { createDb } from '../../platform/db/index.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-collection-texts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('keeps the parsed text of collections made before migration 0182, and drops it with its collection', async () => {
  const db = createDb({ dataDir: dir, DATABASE_URL: undefined });
  try {
    // The collections table as it was (the columns that matter here).
    await sql`create table knowledge_collections (id integer primary key, status text not null, raw_text text not null default '')`.execute(
      db,
    );
    await sql`insert into knowledge_collections (id, status, raw_text) values (1, 'training', '星空保温杯，316不锈钢内胆'), (2, 'ready', '')`.execute(
      db,
    );
    await up(db);
    expect((await sql`select collection_id, text from knowledge_collection_texts`.execute(db)).rows).toEqual([
      { collection_id: 1, text: '星空保温杯，316不锈钢内胆' },
    ]);
    expect((await sql`select * from knowledge_collections order by id`.execute(db)).rows).toEqual([
      { id: 1, status: 'training' },
      { id: 2, status: 'ready' },
    ]);
    await sql`delete from knowledge_collections where id = 1`.execute(db);
    expect((await sql`select count(*) as n from knowledge_collection_texts`.execute(db)).rows).toEqual([{ n: 0 }]);
  } finally {
    await db.destroy();
  }
});
