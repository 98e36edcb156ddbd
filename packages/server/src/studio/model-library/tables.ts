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
    /** How the person shown agreed to it (a model release) or why none is needed (a generated figure). */
    consent: string;
    /** `<provider>/<model>` of a generated figure (the starter library); '' for a picture someone added. */
    generated_by: string;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
  /**
   * The operators' starter library builds (issue 47, starter.ts): one row per run of the console
   * action, its figures made one by one through a keyed provider and published to the public scope.
   */
  library_builds: {
    id: string;
    status: 'running' | 'done' | 'failed';
    lang: string;
    /** Figures asked for, made and failed so far. */
    total: number;
    made: number;
    failed: number;
    provider: string;
    model: string;
    /** What the provider charged for the figures made, in `currency`. */
    cost: number;
    currency: string;
    /** The last failure's catalogue key and message. */
    error: string | null;
    created_by: string;
    created_at: number;
    updated_at: number;
    finished_at: number | null;
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
