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
  /**
   * A member's house look (issue 47, "fixed model, expression and scene"): one row per user. The
   * model is one of the library's they may see (null: none fixed); the scene is a recommended scene
   * id or, when `custom_scene` is set, that text; the expression one of core EXPRESSIONS.
   */
  house_looks: {
    user_id: string;
    model_id: string | null;
    expression: string | null;
    scene_id: string | null;
    custom_scene: string;
    updated_at: number;
  };
}
