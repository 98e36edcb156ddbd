export interface RateLimitTables {
  /** Fixed-window counters for rate limits, shared by every process through the database. */
  rate_limits: { key: string; window_start: number; count: number };
}
