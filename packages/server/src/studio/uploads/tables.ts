/** Who uploaded which stored file, so later requests can check that a URL is the caller's own. */
export interface UploadTables {
  uploads: {
    key: string;
    user_id: string;
    tenant_id: string;
    content_type: string;
    size: number;
    created_at: number;
  };
}
