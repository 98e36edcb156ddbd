import { readAppSetting, writeAppSetting } from '../../platform/db/app-settings.ts';
import type { Db } from '../../platform/db/index.ts';

/** Customer service shown with the enterprise offer; operators set it, stored with the app settings. */
export interface ServiceContact {
  url: string | null;
  phone: string | null;
}

const KEY = 'membership_service_contact';

export async function readServiceContact(db: Db): Promise<ServiceContact> {
  const value = await readAppSetting(db, KEY);
  if (!value) return { url: null, phone: null };
  return JSON.parse(value) as ServiceContact;
}

export async function saveServiceContact(db: Db, contact: ServiceContact): Promise<void> {
  await writeAppSetting(db, KEY, JSON.stringify(contact));
}
