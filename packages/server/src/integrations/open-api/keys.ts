import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { sha256 } from '../../identity/accounts/passwords.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import type { OpenApiTables } from './tables.ts';

/** Every key starts with this, so a key is told from a login token (and from other services' keys) at a glance. */
export const KEY_PREFIX = 'isk_';
/** Keys one member may hold (revoked keys do not count). */
export const MAX_KEYS = 20;
/**
 * Keys one member may create per day, revoked ones included (issue 42: revoke-then-create gave a
 * member unlimited keys, and with each key's own request budget unlimited requests).
 */
export const KEY_CREATE_LIMIT = [20, 86_400] as const;
/** `last_used_at` is written at most once a minute per key: a busy integration must not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_SCOPES = ['generate', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Who an open API request acts for: the key's owner, within the key's scopes. */
export interface ApiKeyAuth {
  keyId: string;
  userId: string;
  tenantId: string;
  scopes: ApiKeyScope[];
  /** null: every business type the tenant offers. */
  bizTypes: string[] | null;
}

export interface ApiKeyView {
  keyId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  bizTypes: string[] | null;
  createdAt: number;
  lastUsedAt: number | null;
  lastUsedIp: string | null;
  team: boolean;
}

const KEY_COLUMNS = [
  'id',
  'name',
  'prefix',
  'scopes',
  'biz_types',
  'created_at',
  'last_used_at',
  'last_used_ip',
  'team',
] as const;
type KeyRow = Pick<Selectable<OpenApiTables['api_keys']>, (typeof KEY_COLUMNS)[number]>;

const view = (row: KeyRow): ApiKeyView => ({
  keyId: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: JSON.parse(row.scopes) as ApiKeyScope[],
  bizTypes: row.biz_types === null ? null : (JSON.parse(row.biz_types) as string[]),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  lastUsedIp: row.last_used_ip,
  team: row.team === 1,
});

/** Creates a key; the key itself is answered this once (only its hash is kept). */
export async function createApiKey(
  db: Db,
  user: { id: string; tenantId: string },
  input: { name: string; scopes: ApiKeyScope[]; bizTypes?: string[] | null; team?: boolean | null },
): Promise<{ keyId: string; key: string }> {
  await enforce(db, `keys:create:${user.id}`, ...KEY_CREATE_LIMIT);
  const held = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= MAX_KEYS) throw new AppError('apiKeyLimit', { max: MAX_KEYS });
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const keyId = crypto.randomUUID();
  await db
    .insertInto('api_keys')
    .values({
      id: keyId,
      user_id: user.id,
      tenant_id: user.tenantId,
      name: input.name,
      key_hash: sha256(key),
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      scopes: JSON.stringify([...new Set(input.scopes)]),
      biz_types: input.bizTypes?.length ? JSON.stringify([...new Set(input.bizTypes)]) : null,
      created_at: Date.now(),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      team: input.team ? 1 : 0,
    })
    .execute();
  return { keyId, key };
}

/** The member's live keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(view);
}

/** The tenant's live team keys with who made them, newest first (owners and admins). */
export async function listTeamKeys(db: Db, tenantId: string): Promise<Array<ApiKeyView & { createdBy: string }>> {
  const rows = await db
    .selectFrom('api_keys')
    .select([...KEY_COLUMNS, 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('team', '=', 1)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...view(row), createdBy: row.user_id }));
}

/**
 * Revokes a key: the member's own (`userId`), or any team key of the tenant (`tenantId`, owners and
 * admins). It is refused from the next request on (keys are never cached); another's key is 404.
 */
export async function revokeApiKey(db: Db, owner: { userId: string } | { tenantId: string }, keyId: string): Promise<void> {
  let update = db.updateTable('api_keys').set({ revoked_at: Date.now() }).where('id', '=', keyId).where('revoked_at', 'is', null);
  update =
    'userId' in owner
      ? update.where('user_id', '=', owner.userId)
      : update.where('tenant_id', '=', owner.tenantId).where('team', '=', 1);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound');
}

/** The live key behind a bearer value, or null; notes when and from where it was used. */
export async function resolveApiKey(db: Db, key: string, ip: string, now = Date.now()): Promise<ApiKeyAuth | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id', 'tenant_id', 'scopes', 'biz_types', 'last_used_at', 'last_used_ip'])
    .where('key_hash', '=', sha256(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_EVERY_MS || row.last_used_ip !== ip) {
    await db.updateTable('api_keys').set({ last_used_at: now, last_used_ip: ip }).where('id', '=', row.id).execute();
  }
  return {
    keyId: row.id,
    userId: row.user_id,
    tenantId: row.tenant_id,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    bizTypes: row.biz_types === null ? null : (JSON.parse(row.biz_types) as string[]),
  };
}

/** Reads need `read` or `generate` (a system that generates must read its results); writes need `generate`. */
export function requireScope(auth: ApiKeyAuth, scope: ApiKeyScope, bizType?: string): void {
  const allowed = scope === 'read' ? auth.scopes.length > 0 : auth.scopes.includes('generate');
  if (!allowed) throw new AppError('apiKeyScope');
  if (bizType !== undefined && auth.bizTypes !== null && !auth.bizTypes.includes(bizType)) throw new AppError('apiKeyScope');
}
