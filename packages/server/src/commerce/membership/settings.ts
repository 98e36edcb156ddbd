import type { Db } from '../../platform/db/index.ts';

/** Customer service shown with the enterprise offer; operators set it, stored with the app settings. */
export interface ServiceContact {
  url: string | null;
  phone: string | null;
}

const KEY = 'membership_service_contact';

export async function readServiceContact(db: Db): Promise<ServiceContact> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return { url: null, phone: null };
  return JSON.parse(row.value) as ServiceContact;
}

export async function saveServiceContact(db: Db, contact: ServiceContact): Promise<void> {
  const value = JSON.stringify(contact);
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
