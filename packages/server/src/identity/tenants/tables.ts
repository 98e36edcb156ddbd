/**
 * Tenants (brand variants) and referrers (who sent a visitor: partner sites, the mini-program,
 * KOS channels) as data. `flags` is JSON of core `FeatureFlags` (any subset); list columns are JSON
 * arrays. A user belongs to one tenant (users.tenant_id); a referrer may map visitors to a tenant.
 */
export interface TenantTables {
  tenants: {
    id: string;
    name: string;
    name_en: string;
    flags: string;
    created_at: number;
    updated_at: number;
  };
  referrers: {
    id: string;
    /** Tenant a visitor arriving through this referrer belongs to (null: the default tenant). */
    tenant_id: string | null;
    name: string;
    flags: string;
    /** Origins allowed to embed the product for this referrer (JSON array). */
    allowed_origins: string;
    /** Host substrings that imply this referrer when no referrer parameter is given (JSON array). */
    host_markers: string;
    created_at: number;
    updated_at: number;
  };
}
