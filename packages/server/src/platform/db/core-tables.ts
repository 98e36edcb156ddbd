/** The platform's own settings table (platform/db/app-settings.ts is its only user). Times are epoch milliseconds everywhere. */
export interface CoreTables {
  /** Server-side settings such as the generated app secret. */
  app_settings: { key: string; value: string };
}
