import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { accountCreated, phoneVerified } from './account-events.ts';

export interface NewUser {
  phone?: string | null;
  email?: string | null;
  passwordHash?: string | null;
  tenantId?: string;
  referrer?: string | null;
  /** The invite code of the user whose link brought this one. */
  inviteCode?: string | null;
  /** The phone was verified by an SMS code (the inviter's reward follows: account-events.ts). */
  phoneVerified?: boolean;
}

/**
 * Creates an account and, in the same transaction, what follows from it (account-events.ts: the
 * one-time free grant of 500 points and, when its phone was verified by SMS and someone invited it,
 * the inviter's reward). Answers the new user's id.
 */
export async function createUser(db: Db, input: NewUser): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const display = input.phone ? `${input.phone.slice(0, 3)}****${input.phone.slice(7)}` : (input.email?.split('@')[0] ?? 'user');
  return writeTransaction(db, async (trx) => {
    const inviter = input.inviteCode
      ? await trx.selectFrom('users').select('id').where('invite_code', '=', input.inviteCode).executeTakeFirst()
      : undefined;
    await trx
      .insertInto('users')
      .values({
        id,
        tenant_id: input.tenantId ?? 'default',
        referrer: input.referrer ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        user_name: display,
        password_hash: input.passwordHash ?? null,
        company_name: null,
        invite_code: crypto.randomBytes(6).toString('base64url'),
        invited_by: inviter?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await accountCreated(trx, id, now);
    if (inviter && input.phone && input.phoneVerified) await phoneVerified(trx, id, now);
    return id;
  });
}

/** The account holding this phone number or e-mail address, if any. */
export async function findUserByAccount(db: Db, account: string) {
  const column = account.includes('@') ? 'email' : 'phone';
  return db.selectFrom('users').selectAll().where(column, '=', account.trim().toLowerCase()).executeTakeFirst();
}

/** Who invited this account, and its phone (an invite is rewarded only for a verified phone). */
export function invitationOf(db: Db | Transaction<Database>, id: string) {
  return db.selectFrom('users').select(['invited_by', 'phone']).where('id', '=', id).executeTakeFirst();
}

/** The account with this id, if any. */
export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of the account whose phone (or e-mail) column holds this value, if any. */
export async function userIdWith(db: Db, column: 'phone' | 'email', value: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst())?.id;
}

/** Fields of an account the user may change themselves (settings). */
export interface UserChanges {
  user_name?: string;
  company_name?: string | null;
  phone?: string;
  email?: string;
  password_hash?: string;
}

/** Changes an account's own fields; the unique phone and e-mail columns may refuse (caller handles). */
export async function updateUser(db: Db, id: string, changes: UserChanges, now = Date.now()): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Moves an account into another tenant (organisation/team's moveUserToTenant is the only caller). */
export async function setUserTenant(db: Db, id: string, tenantId: string, now = Date.now()): Promise<void> {
  await db.updateTable('users').set({ tenant_id: tenantId, updated_at: now }).where('id', '=', id).execute();
}

/** How many accounts belong to a tenant. */
export async function countUsersOfTenant(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tenant an account belongs to (undefined when there is no such account). */
export async function tenantOfUser(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('tenant_id').where('id', '=', id).executeTakeFirst())?.tenant_id;
}

/** One page of accounts (a tenant's, or every tenant's), searched by name, phone or e-mail. */
export async function pageUsers(db: Db, filter: { tenantId?: string; keyword?: string }, page: Paging, order: 'asc' | 'desc') {
  let base = db.selectFrom('users');
  if (filter.tenantId) base = base.where('tenant_id', '=', filter.tenantId);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[%_]/g, '')}%`;
    base = base.where((eb) => eb.or([eb('user_name', 'like', like), eb('phone', 'like', like), eb('email', 'like', like)]));
  }
  return listPage(base, page, (qb) =>
    qb.select(['id', 'tenant_id', 'user_name', 'phone', 'email', 'created_at']).orderBy('created_at', order).orderBy('id', order),
  );
}

/** What lists show for an account: its name, else its phone (audit log, team lists). */
export async function userDisplayNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'phone'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.user_name || r.phone || r.id]));
}

/** A user's display name where others see it (team lists, review): user name, else a masked phone or the e-mail. */
export const displayName = (u: { user_name: string; phone: string | null; email: string | null }) =>
  u.user_name || (u.phone ? `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}` : (u.email ?? ''));

/** displayName of these accounts, one query per page of ids; ids without an account are absent. */
export async function displayNamesById(db: Db, ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'user_name', 'phone', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}

/** A tenant's accounts, oldest first, up to `limit`, with their display names (owner pickers). */
export async function usersOfTenant(db: Db, tenantId: string, limit: number): Promise<Array<{ userId: string; name: string }>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'phone', 'email'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((u) => ({ userId: u.id, name: displayName(u) }));
}
