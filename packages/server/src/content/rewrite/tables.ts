/** Rewrite batches (spec 001 §4): one row per submitted rewrite, one item row per result. */
export interface RewriteTables {
  rewrite_batches: {
    id: string;
    user_id: string;
    tenant_id: string;
    /** The kind of rewrite (core REWRITE_KINDS): article, text, picture, video, topic. */
    kind: string;
    /** The submitted form as JSON (the task params, plus how the article was given). */
    input: string;
    created_at: number;
  };
  rewrite_items: {
    id: string;
    batch_id: string;
    position: number;
    /** The item's current text task (a regeneration replaces it). */
    task_id: string;
    /** 1 liked, 0 disliked, null not rated. */
    liked: number | null;
    dislike_reason: string | null;
  };
  /** Uploaded original videos: what ffmpeg read from them (JSON: duration, shots with keyframe URLs). */
  rewrite_videos: {
    key: string;
    user_id: string;
    analysis: string;
    created_at: number;
  };
}
