/** The template library (docs/engines.md "Template library"). */
export interface TemplateTables {
  tool_templates: {
    id: string;
    /** Null: public to every tenant (published by the default tenant's operators). */
    tenant_id: string | null;
    /** A user's own template (private to them); null for published ones. */
    owner_id: string | null;
    biz_type: string;
    name: string;
    /** JSON object: the tool's parameters (core generationParams). */
    params: string;
    preview_key: string | null;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
}
