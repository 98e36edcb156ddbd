/** Tables shared by all domains. Times are epoch milliseconds everywhere. */
export interface CoreTables {
  /** Fixed-window counters for rate limits, shared by every process through the database. */
  rate_limits: { key: string; window_start: number; count: number };
  /** Server-side settings such as the generated app secret. */
  app_settings: { key: string; value: string };
}
