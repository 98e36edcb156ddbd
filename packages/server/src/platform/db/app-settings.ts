import type { Db } from './index.ts';

/**
 * The server-side key-value settings (table app_settings): the generated app secret, operators'
 * switches such as the text engine choice and the membership service contact. Domains keep their
 * own keys and values; this is the only code that touches the table.
 */
export async function readAppSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeAppSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Writes the value unless the key has one, and answers the value that stands (first writer wins across processes). */
export async function claimAppSetting(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readAppSetting(db, key)) ?? value;
}
