/** The model library (docs/engines.md "Model library"). */
export interface ModelLibraryTables {
  library_models: {
    id: string;
    /** Null: public to every tenant (published by the default tenant's operators). */
    tenant_id: string | null;
    /** A user's own model (private to them); null for operator-managed ones. */
    owner_id: string | null;
    name: string;
    look: string;
    /** JSON array of strings. */
    tags: string;
    picture_key: string;
    licence: string;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
}
