/**
 * The hot-content workbench's post-generation records (spec 001 §7 "Post-generation record":
 * hotspotSourceType, prompt, mktType, marketDesc). The latest record of a source type gives that
 * tab's default form values.
 */
export interface HotWorkbenchTables {
  workbench_records: {
    id: string;
    user_id: string;
    tenant_id: string;
    hotspot_source_type: string;
    prompt: string;
    mkt_type: string;
    market_desc: string;
    created_at: number;
  };
}
