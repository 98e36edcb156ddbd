import { type FeatureFlags, MENU_SETS } from '@productimage/core';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';

/** The feature flags a tenant or referrer can set (the one schema for storage and the flags call). */
/** A referrer id as clients send it (query parameters). */
export const referrerIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_.-]*$/);

export const featureFlagsSchema = z.object({
  menuSet: z.enum(MENU_SETS),
  hiddenRoutes: z.array(z.string()),
  allowedMenuPaths: z.array(z.string()).nullable(),
  logo: z.string().nullable(),
  hideInvite: z.boolean(),
  hideTools: z.boolean(),
  hideHeader: z.boolean(),
  hideSidebar: z.boolean(),
  hideCoins: z.boolean(),
  hideFloating: z.boolean(),
  requireInviteCode: z.boolean(),
  profileCompletion: z.boolean(),
  chatAllow: z.boolean(),
  uploadMinKB: z
    .number()
    .int()
    .min(1)
    .max(10 * 1024)
    .nullable(),
  uploadMinSide: z.number().int().min(16).max(4096).nullable(),
  supportPhone: z
    .string()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[0-9+\-\s()]+$/)
    .nullable(),
  helpLink: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\//i)
    .nullable(),
  adviserName: z.string().trim().min(1).max(40).nullable(),
  adviserContact: z.string().trim().min(3).max(60).nullable(),
});

/** Flags as stored: any subset of FeatureFlags; unknown or malformed entries are ignored, never trusted. */
const storedFlagsSchema = featureFlagsSchema.partial();

export type StoredFlags = Partial<FeatureFlags>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function parseFlags(text: string): StoredFlags {
  const result = storedFlagsSchema.safeParse(parseJson(text));
  return result.success ? result.data : {};
}

export function parseList(text: string): string[] {
  const result = z.array(z.string()).safeParse(parseJson(text));
  return result.success ? result.data : [];
}

export interface Tenant {
  id: string;
  name: string;
  nameEn: string;
  flags: StoredFlags;
}

export interface Referrer {
  id: string;
  tenantId: string | null;
  name: string;
  flags: StoredFlags;
  allowedOrigins: string[];
  hostMarkers: string[];
}

export const DEFAULT_TENANT_ID = 'default';

/**
 * Tenants change only by migration or an operator's SQL, yet every signed-in request reads one
 * (GET /api/user/current, flags): each process keeps what it read for TENANT_CACHE_MS, so a change
 * reaches every process within that time (docs/performance.md).
 */
export const TENANT_CACHE_MS = 10_000;
const tenantCache = new WeakMap<Db, Map<string, { tenant: Tenant | null; until: number }>>();
/** How many times each tenant was forgotten in this process: a read that began before an edit is not kept. */
const forgotten = new WeakMap<Db, Map<string, number>>();

export async function getTenant(db: Db, id: string): Promise<Tenant | null> {
  const cache = tenantCache.get(db) ?? new Map<string, { tenant: Tenant | null; until: number }>();
  tenantCache.set(db, cache);
  const hit = cache.get(id);
  if (hit && hit.until > Date.now()) return hit.tenant;
  const edits = forgotten.get(db)?.get(id) ?? 0;
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  const tenant = row ? { id: row.id, name: row.name, nameEn: row.name_en, flags: parseFlags(row.flags) } : null;
  // A console edit that landed while this read was under way: the row read may be the old one, and
  // keeping it would hide the edit for TENANT_CACHE_MS (the team journey saw the old menus).
  if ((forgotten.get(db)?.get(id) ?? 0) !== edits) return tenant;
  // Unknown ids come from clients (referrer tenants, stale user rows): bound what they can fill.
  if (cache.size > 1000) cache.clear();
  cache.set(id, { tenant, until: Date.now() + TENANT_CACHE_MS });
  return tenant;
}

/**
 * Drops this process's cached copy of a tenant after a change (console and /kos-tenant edits), so
 * the next request here reads the new row; other processes see it within TENANT_CACHE_MS.
 */
export function forgetTenant(db: Db, id: string): void {
  tenantCache.get(db)?.delete(id);
  const counts = forgotten.get(db) ?? new Map<string, number>();
  forgotten.set(db, counts);
  counts.set(id, (counts.get(id) ?? 0) + 1);
}

/** The tenant by id, falling back to the default tenant (a user's tenant row may have been removed). */
export async function getTenantOrDefault(db: Db, id: string | null | undefined): Promise<Tenant> {
  const tenant = (id ? await getTenant(db, id) : null) ?? (await getTenant(db, DEFAULT_TENANT_ID));
  return tenant ?? { id: DEFAULT_TENANT_ID, name: '', nameEn: '', flags: {} };
}

/**
 * `getTenantOrDefault` answered from this process's kept copy without a promise, or undefined when
 * it must be read (hooks that run on every request go on at once with it: issue 48).
 */
export function keptTenantOrDefault(db: Db, id: string | null | undefined): Tenant | undefined {
  const cache = tenantCache.get(db);
  if (!cache) return undefined;
  const now = Date.now();
  const kept = (key: string) => {
    const hit = cache.get(key);
    return hit && hit.until > now ? hit : undefined;
  };
  const own = id ? kept(id) : undefined;
  if (id && !own) return undefined;
  if (own?.tenant) return own.tenant;
  const fallback = kept(DEFAULT_TENANT_ID);
  if (!fallback) return undefined;
  return fallback.tenant ?? { id: DEFAULT_TENANT_ID, name: '', nameEn: '', flags: {} };
}

const toReferrer = (row: {
  id: string;
  tenant_id: string | null;
  name: string;
  flags: string;
  allowed_origins: string;
  host_markers: string;
}): Referrer => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  flags: parseFlags(row.flags),
  allowedOrigins: parseList(row.allowed_origins),
  hostMarkers: parseList(row.host_markers),
});

export async function getReferrer(db: Db, id: string): Promise<Referrer | null> {
  const row = await db.selectFrom('referrers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReferrer(row) : null;
}

/**
 * The referrer of a visit: the `referrer` parameter when it names a known referrer, else the first
 * referrer whose host marker the host carries (partner sites, the mini-program web view).
 */
export async function resolveReferrer(
  db: Db,
  referrer: string | null | undefined,
  host: string | null | undefined,
): Promise<Referrer | null> {
  if (referrer) {
    const named = await getReferrer(db, referrer);
    if (named) return named;
  }
  if (!host) return null;
  const lower = host.toLowerCase();
  const rows = await db.selectFrom('referrers').selectAll().where('host_markers', '!=', '[]').orderBy('id').execute();
  for (const row of rows) {
    const r = toReferrer(row);
    if (r.hostMarkers.some((marker) => marker && lower.includes(marker.toLowerCase()))) return r;
  }
  return null;
}

/** The tenant a new account registering through this referrer belongs to. */
export async function tenantForSignup(db: Db, referrer: string | null | undefined, host?: string | null): Promise<string> {
  const r = await resolveReferrer(db, referrer, host);
  return r?.tenantId ?? DEFAULT_TENANT_ID;
}
