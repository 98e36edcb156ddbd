/**
 * Base users bound to product accounts by the `auth` extension: one row per (tenant key, Base
 * user). A Base user binds to one account at a time; logging in again moves the binding.
 */
export interface FeishuPluginTables {
  feishu_bindings: {
    tenant_key: string;
    base_user_id: string;
    user_id: string;
    tenant_id: string;
    bound_at: number;
  };
}
